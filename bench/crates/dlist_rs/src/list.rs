use crate::node::*;
use std::ptr;

#[repr(C)]
pub struct List {
    pub head: *mut Node,
    pub tail: *mut Node,
    pub len: usize,
}

pub unsafe extern "C" fn list_new() -> List {
    unsafe {
        List {
            head: ptr::null_mut(),
            tail: ptr::null_mut(),
            len: 0,
        }
    }
}

pub unsafe extern "C" fn list_push_back(l: *mut List, value: i32) {
    let n = node_new(value);
    (*n).prev = (*l).tail;
    if (*l).tail.is_null() {
        (*l).head = n;
    } else {
        (*(*l).tail).next = n;
    }
    (*l).tail = n;
    (*l).len += 1;
}

pub unsafe extern "C" fn list_push_front(l: *mut List, value: i32) {
    let n = unsafe { node_new(value) };
    unsafe {
        (*n).next = (*l).head;
        if (*l).head.is_null() {
            (*l).tail = n;
        } else {
            (*(*l).head).prev = n;
        }
        (*l).head = n;
        (*l).len += 1;
    }
}

pub unsafe extern "C" fn list_pop_front(l: *mut List, out: *mut i32) -> i32 {
    let n = (*l).head;
    if n.is_null() {
        return 0;
    }
    *out = (*n).value;
    (*l).head = (*n).next;
    if (*l).head.is_null() {
        (*l).tail = ptr::null_mut();
    } else {
        (*(*l).head).prev = ptr::null_mut();
    }
    (*l).len -= 1;
    node_free(n);
    1
}

pub unsafe extern "C" fn list_len(l: *const List) -> usize {
    (*l).len
}

pub unsafe extern "C" fn list_find(l: *const List, value: i32) -> *mut Node {
    let mut cur = (*l).head;
    while !cur.is_null() {
        if (*cur).value == value {
            return cur;
        }
        cur = (*cur).next;
    }
    ptr::null_mut()
}

pub unsafe extern "C" fn list_contains(l: *const List, value: i32) -> i32 {
    unsafe { (is_null_node(list_find(l, value)) == 0) as i32 }
}

pub unsafe extern "C" fn list_reverse(l: *mut List) {
    let mut cur = (*l).head;
    while !cur.is_null() {
        let next = (*cur).next;
        (*cur).next = (*cur).prev;
        (*cur).prev = next;
        cur = next;
    }
    let old_head = (*l).head;
    (*l).head = (*l).tail;
    (*l).tail = old_head;
}

pub unsafe extern "C" fn list_clear(l: *mut List) {
    let mut v: i32 = 0;
    while unsafe { list_pop_front(l, &mut v) } != 0 {}
}

pub unsafe extern "C" fn list_to_array(l: *const List, out: *mut i32, cap: usize) -> usize {
    let mut cur = (*l).head;
    let mut i: usize = 0;
    while !cur.is_null() && i < cap {
        *out.add(i) = node_value(cur);
        cur = (*cur).next;
        i += 1;
    }
    i
}
