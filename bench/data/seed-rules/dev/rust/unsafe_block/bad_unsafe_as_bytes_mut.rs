/// Masks every character of a secret except the last four.
pub fn mask_secret(secret: &mut String) {
    let len = secret.len();
    let bytes = unsafe { secret.as_bytes_mut() }; // FLAW: unsafe_block
    for b in bytes.iter_mut().take(len.saturating_sub(4)) {
        // writes byte-wise into possibly multi-byte characters, breaking UTF-8
        *b = 0xff;
    }
}

pub struct Card {
    pub number: String,
}

impl Card {
    pub fn masked(&self) -> String {
        let mut s = self.number.clone();
        mask_secret(&mut s);
        s
    }
}
