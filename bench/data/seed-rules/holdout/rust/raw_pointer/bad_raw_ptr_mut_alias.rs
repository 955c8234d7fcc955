pub struct Account {
    pub balance: i64,
}

/// Moves `amount` from one account to another.
pub fn transfer(accounts: &mut [Account], from: usize, to: usize, amount: i64) {
    let base = accounts.as_mut_ptr();
    // when from == to both &mut point at the same account
    let a = unsafe { &mut *base.add(from) }; // FLAW: raw_pointer
    let b = unsafe { &mut *base.add(to) }; // FLAW: raw_pointer
    a.balance -= amount;
    b.balance += amount;
}
