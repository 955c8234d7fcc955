use std::io::{self, BufRead};
use std::mem::MaybeUninit;

fn main() -> io::Result<()> {
    let mut slots: [MaybeUninit<String>; 8] = unsafe { MaybeUninit::uninit().assume_init() };
    let mut filled = 0;
    for line in io::stdin().lock().lines().take(8) {
        slots[filled].write(line?);
        filled += 1;
    }
    // fewer than 8 input lines leave some slots uninitialised
    let names: [String; 8] = unsafe { std::mem::transmute(slots) }; // FLAW: maybe_uninit
    for n in names.iter() {
        println!("{}", n);
    }
    Ok(())
}
