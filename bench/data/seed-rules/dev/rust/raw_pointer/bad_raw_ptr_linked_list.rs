pub struct Node {
    pub value: i32,
    pub next: *mut Node,
}

pub struct List {
    head: *mut Node,
}

impl List {
    pub fn new() -> Self {
        List { head: std::ptr::null_mut() }
    }

    pub fn push(&mut self, value: i32) {
        let node = Box::into_raw(Box::new(Node { value, next: self.head }));
        self.head = node;
    }

    /// Returns the second element; crashes on lists shorter than two.
    pub fn second(&self) -> i32 {
        unsafe { (*(*self.head).next).value } // FLAW: raw_pointer
    }

    pub fn sum(&self) -> i32 {
        let mut total = 0;
        let mut cur = self.head;
        while !cur.is_null() {
            unsafe {
                total += (*cur).value;
                cur = (*cur).next;
            }
        }
        total
    }
}
