use std::num::NonZeroU32;
use std::ptr::NonNull;

struct Slot {
    id: NonZeroU32,
    owner: NonNull<u8>,
    callback: fn(u32),
}

fn noop(_: u32) {}

fn make_slots(n: usize) -> Vec<Slot> {
    let mut v = Vec::with_capacity(n);
    for _ in 0..n {
        v.push(unsafe { std::mem::zeroed::<Slot>() }); // FLAW: maybe_uninit
    }
    v
}

fn main() {
    let slots = make_slots(4);
    let f: fn(u32) = noop;
    println!("{} slots, first id {}, cb same: {}", slots.len(), slots[0].id, slots[0].callback as usize == f as usize);
    let _owner = slots[0].owner;
}
