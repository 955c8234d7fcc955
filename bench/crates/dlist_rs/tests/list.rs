use dlist_rs::list::*;
use dlist_rs::node::live_nodes;
use dlist_rs::stats::{list_max, list_min, list_sum, mean_x100};

#[test]
fn push_pop_reverse_and_stats() {
    unsafe {
        let mut l = list_new();
        for v in [3, 1, 4, 1, 5] {
            list_push_back(&mut l, v);
        }
        list_push_front(&mut l, 9);
        assert_eq!(list_len(&l), 6);
        assert_eq!(list_contains(&l, 4), 1);
        assert_eq!(list_contains(&l, 7), 0);
        assert_eq!(list_sum(&l), 23);
        assert_eq!(list_max(&l), 9);
        assert_eq!(list_min(&l), 1);
        assert_eq!(mean_x100(list_sum(&l), list_len(&l)), 383);
        list_reverse(&mut l);
        let mut out = [0i32; 8];
        let n = list_to_array(&l, out.as_mut_ptr(), out.len());
        assert_eq!(&out[..n], &[5, 1, 4, 1, 3, 9]);
        let mut v = 0;
        assert_eq!(list_pop_front(&mut l, &mut v), 1);
        assert_eq!(v, 5);
        list_clear(&mut l);
        assert_eq!(list_len(&l), 0);
        assert_eq!(live_nodes(), 0);
    }
}
