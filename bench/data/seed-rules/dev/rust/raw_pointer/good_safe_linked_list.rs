pub struct Node {
    pub value: i32,
    pub next: Option<Box<Node>>,
}

#[derive(Default)]
pub struct List {
    head: Option<Box<Node>>,
}

impl List {
    pub fn push(&mut self, value: i32) {
        let next = self.head.take();
        self.head = Some(Box::new(Node { value, next }));
    }

    pub fn second(&self) -> Option<i32> {
        self.head.as_ref()?.next.as_ref().map(|n| n.value)
    }

    pub fn sum(&self) -> i32 {
        let mut total = 0;
        let mut cur = self.head.as_deref();
        while let Some(n) = cur {
            total += n.value;
            cur = n.next.as_deref();
        }
        total
    }
}
