use std::os::raw::{c_int, c_void};

extern "C" {
    fn qsort(
        base: *mut c_void,
        n: usize,
        size: usize,
        cmp: extern "C" fn(*const c_void, *const c_void) -> c_int,
    );
}

static PRIORITY: [i32; 4] = [3, 1, 2, 0];

// Panics (index out of bounds) for values >= 4; unwinding cannot cross into C.
extern "C" fn by_priority(a: *const c_void, b: *const c_void) -> c_int { // FLAW: ffi_extern_c
    let (x, y) = unsafe { (*(a as *const usize), *(b as *const usize)) };
    PRIORITY[x].cmp(&PRIORITY[y]) as c_int
}

pub fn sort_jobs(jobs: &mut [usize]) {
    unsafe { qsort(jobs.as_mut_ptr() as *mut c_void, jobs.len(), std::mem::size_of::<usize>(), by_priority) } // FLAW: ffi_extern_c
}
