use std::env;

fn greet() {
    println!("hello");
}

fn main() {
    // the "handler address" is taken from an environment variable
    let addr: usize = match env::var("HANDLER_ADDR").map(|v| v.parse()) {
        Ok(Ok(a)) => a,
        _ => greet as usize,
    };
    let handler: fn() = unsafe { std::mem::transmute(addr) }; // FLAW: transmute
    handler();
}
