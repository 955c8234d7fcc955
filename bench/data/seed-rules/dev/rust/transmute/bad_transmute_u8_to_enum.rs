use std::fs;
use std::io;

#[repr(u8)]
#[derive(Debug, Clone, Copy)]
enum Command {
    Start = 0,
    Stop = 1,
    Reload = 2,
}

fn main() -> io::Result<()> {
    let script = fs::read("commands.bin")?;
    for &byte in &script {
        // any byte above 2 produces an invalid enum value
        let cmd: Command = unsafe { std::mem::transmute(byte) }; // FLAW: transmute
        println!("{:?}", cmd);
    }
    Ok(())
}
