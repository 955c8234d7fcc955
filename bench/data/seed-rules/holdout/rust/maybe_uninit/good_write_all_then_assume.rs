use std::mem::MaybeUninit;

pub fn squares() -> [u64; 16] {
    let mut arr: [MaybeUninit<u64>; 16] = [MaybeUninit::uninit(); 16];
    for (i, slot) in arr.iter_mut().enumerate() {
        slot.write((i as u64) * (i as u64));
    }
    // SAFETY: every one of the 16 elements was written in the loop above,
    // and [MaybeUninit<u64>; 16] has the same layout as [u64; 16].
    unsafe { std::mem::transmute::<[MaybeUninit<u64>; 16], [u64; 16]>(arr) }
}
