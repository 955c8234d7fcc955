use std::os::raw::c_char;

extern "C" {
    fn strlen(s: *const c_char) -> usize;
    fn atoi(s: *const c_char) -> i32;
}

fn main() {
    let name = String::from("report.txt");
    let count = "42";
    // Rust strings are not NUL-terminated
    let n = unsafe { strlen(name.as_ptr() as *const c_char) }; // FLAW: ffi_extern_c
    let c = unsafe { atoi(count.as_ptr() as *const c_char) }; // FLAW: ffi_extern_c
    println!("{} {}", n, c);
}
