use std::convert::TryFrom;
use std::fs;
use std::io;

#[repr(u8)]
#[derive(Debug, Clone, Copy)]
enum Command {
    Start = 0,
    Stop = 1,
    Reload = 2,
}

impl TryFrom<u8> for Command {
    type Error = u8;
    fn try_from(b: u8) -> Result<Self, u8> {
        match b {
            0 => Ok(Command::Start),
            1 => Ok(Command::Stop),
            2 => Ok(Command::Reload),
            other => Err(other),
        }
    }
}

fn main() -> io::Result<()> {
    let script = fs::read("commands.bin")?;
    for &byte in &script {
        match Command::try_from(byte) {
            Ok(cmd) => println!("{:?}", cmd),
            Err(b) => eprintln!("unknown command byte {}", b),
        }
    }
    Ok(())
}
