use std::os::raw::{c_int, c_void};
use std::panic;

extern "C" {
    fn qsort(
        base: *mut c_void,
        n: usize,
        size: usize,
        cmp: extern "C" fn(*const c_void, *const c_void) -> c_int,
    );
}

static PRIORITY: [i32; 4] = [3, 1, 2, 0];

fn rank(v: usize) -> i32 {
    PRIORITY.get(v).copied().unwrap_or(i32::MAX)
}

extern "C" fn by_priority(a: *const c_void, b: *const c_void) -> c_int {
    let r = panic::catch_unwind(|| {
        // SAFETY: qsort passes pointers to elements of the usize slice given in sort_jobs.
        let (x, y) = unsafe { (*(a as *const usize), *(b as *const usize)) };
        rank(x).cmp(&rank(y)) as c_int
    });
    r.unwrap_or(0)
}

pub fn sort_jobs(jobs: &mut [usize]) {
    // SAFETY: base/n/size describe exactly the `jobs` slice, and the comparator
    // never unwinds across the C frame.
    unsafe { qsort(jobs.as_mut_ptr() as *mut c_void, jobs.len(), std::mem::size_of::<usize>(), by_priority) }
}
