use std::ptr;

#[repr(C)]
pub struct Node {
    pub value: i32,
    pub prev: *mut Node,
    pub next: *mut Node,
}

pub static mut LIVE_NODES: i64 = 0;

pub unsafe extern "C" fn node_new(value: i32) -> *mut Node {
    LIVE_NODES += 1;
    Box::into_raw(Box::new(Node {
        value,
        prev: ptr::null_mut(),
        next: ptr::null_mut(),
    }))
}

pub unsafe extern "C" fn node_free(n: *mut Node) {
    if !n.is_null() {
        LIVE_NODES -= 1;
        drop(Box::from_raw(n));
    }
}

pub unsafe extern "C" fn live_nodes() -> i64 {
    unsafe { LIVE_NODES }
}

pub unsafe extern "C" fn node_value(n: *const Node) -> i32 {
    if n.is_null() {
        return 0;
    }
    (*n).value
}

pub unsafe extern "C" fn is_null_node(n: *const Node) -> i32 {
    unsafe { n.is_null() as i32 }
}
