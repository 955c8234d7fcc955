use crate::list::List;
use crate::node::Node;

pub unsafe extern "C" fn max_i32(a: i32, b: i32) -> i32 {
    unsafe {
        if a > b {
            a
        } else {
            b
        }
    }
}

pub unsafe extern "C" fn min_i32(a: i32, b: i32) -> i32 {
    if a < b {
        a
    } else {
        b
    }
}

pub unsafe extern "C" fn list_sum(l: *const List) -> i64 {
    let mut cur: *mut Node = (*l).head;
    let mut total: i64 = 0;
    while !cur.is_null() {
        total += (*cur).value as i64;
        cur = (*cur).next;
    }
    total
}

pub unsafe extern "C" fn list_max(l: *const List) -> i32 {
    let mut cur: *mut Node = (*l).head;
    let mut best: i32 = i32::MIN;
    while !cur.is_null() {
        best = unsafe { max_i32(best, (*cur).value) };
        cur = (*cur).next;
    }
    best
}

pub unsafe extern "C" fn list_min(l: *const List) -> i32 {
    let mut cur: *mut Node = (*l).head;
    let mut best: i32 = i32::MAX;
    while !cur.is_null() {
        best = min_i32(best, (*cur).value);
        cur = (*cur).next;
    }
    best
}

pub unsafe extern "C" fn mean_x100(sum: i64, count: usize) -> i64 {
    unsafe {
        if count == 0 {
            0
        } else {
            sum * 100 / count as i64
        }
    }
}

pub unsafe extern "C" fn sum_abs(a: i64, b: i64) -> i64 {
    let x = unsafe { a.abs() };
    let y = unsafe { b.abs() };
    x + y
}
