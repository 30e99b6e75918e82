use super::*;
use crate::heuristic::Heuristic;
use crate::label::LabelBoard;
use crate::pdb::PdbHeuristic;

#[test]
fn splits_cut_a_group_into_triples_and_a_remainder() {
    let six = splits(&[1, 2, 3, 4, 5, 6]);
    // The block holding tile 1 picks 2 of the other 5: C(5, 2) = 10.
    assert_eq!(six.len(), 10);
    for s in &six {
        let mut all: Vec<u8> = s.iter().flatten().copied().collect();
        all.sort_unstable();
        assert_eq!(all, [1, 2, 3, 4, 5, 6]);
        assert!(s.iter().all(|b| b.len() == 3));
    }
    // Seven tiles: 7 choices of the single tile left over, then 10 splits of the other six.
    let seven = splits(&[1, 2, 3, 4, 5, 6, 7]);
    assert_eq!(seven.len(), 70);
    // Eight: C(8, 2) = 28 pairs left over times 10.
    assert_eq!(splits(&[1, 2, 3, 4, 5, 6, 7, 8]).len(), 280);
    // The same splits whatever the order of the tiles (as sets of sets).
    let canon = |v: Vec<Vec<Vec<u8>>>| {
        let mut v: Vec<Vec<Vec<u8>>> = v
            .into_iter()
            .map(|mut s| {
                s.iter_mut().for_each(|b| b.sort_unstable());
                s.sort();
                s
            })
            .collect();
        v.sort();
        v
    };
    assert_eq!(canon(seven), canon(splits(&[7, 3, 5, 1, 2, 6, 4])));
    assert_eq!(splits(&[4, 9]), vec![vec![vec![4, 9]]]);
}

#[test]
fn reflected_boards_put_each_label_on_the_transposed_cell() {
    let boards = Boards::sample(3, 20, 7);
    let t = |c: u8| (c % 3) * 3 + c / 3;
    for (r, m) in boards.regular.iter().zip(&boards.mirrored) {
        for label in 0..9u8 {
            assert_eq!(m[t(label) as usize], t(r[label as usize]));
        }
        let mut cells = r.clone();
        cells.sort_unstable();
        assert_eq!(cells, (0..9).collect::<Vec<u8>>());
    }
    // Reproducible from the seed, different for another.
    assert_eq!(Boards::sample(3, 20, 7).regular, boards.regular);
    assert_ne!(Boards::sample(3, 20, 8).regular, boards.regular);
}

/// The solver's own heuristic on a board given as the cell of each label.
fn solver_h(tables: &[PdbTable<'_>], reflect: bool, pos: &[u8]) -> u32 {
    let mut labels = [0u8; 9];
    for (label, &cell) in pos.iter().enumerate() {
        labels[cell as usize] = label as u8;
    }
    let board = LabelBoard::<9>::new(&labels, 0).unwrap();
    let h = PdbHeuristic::<9>::new(tables, reflect, "test").unwrap();
    h.value(&h.start(&board))
}

#[test]
fn mean_h_is_the_solvers_heuristic_averaged() {
    let partition = Partition::named(3, 0, "4-4").unwrap();
    let built: Vec<_> = partition.patterns.iter().map(|p| build(p, &|_| {})).collect();
    let tables: Vec<PdbTable<'_>> = built.iter().map(|b| b.table()).collect();
    let boards = Boards::sample(3, 300, 1);
    for reflect in [false, true] {
        let direct: u32 = boards.regular.iter().map(|p| solver_h(&tables, reflect, p)).sum();
        let mean = boards.mean_h(&[&tables], reflect);
        assert!((mean - f64::from(direct) / 300.0).abs() < 1e-9, "{reflect}: {mean} vs {direct}");
    }
    assert!(boards.mean_h(&[&tables], true) >= boards.mean_h(&[&tables], false));
}

#[test]
fn estimates_are_exact_for_triples_and_never_above_a_real_entry() {
    let small = SmallTables::build_all(3).unwrap();
    let boards = Boards::sample(3, 500, 3);
    for group in [vec![1u8, 2, 3], vec![1, 2, 3, 4], vec![5, 6, 7, 8], vec![1, 3, 5, 6, 7, 8], vec![2, 4, 6, 8]] {
        let pattern = Pattern::new(3, 0, group.clone()).unwrap();
        let real = build(&pattern, &|_| {});
        let table = real.table();
        let (reg, mir) = small.values(&group, &boards);
        for (s, pos) in boards.regular.iter().enumerate() {
            let entry = table.entry(pattern.rank(|i| pos[pattern.cells()[i] as usize]) as usize).unwrap();
            if group.len() == 3 {
                assert_eq!(u32::from(reg[s]), entry);
            } else {
                assert!(u32::from(reg[s]) <= entry, "{group:?} board {s}");
            }
        }
        for (s, pos) in boards.mirrored.iter().enumerate() {
            let entry = table.entry(pattern.rank(|i| pos[pattern.cells()[i] as usize]) as usize).unwrap();
            assert!(u32::from(mir[s]) <= entry);
        }
    }
}

#[test]
fn search_is_reproducible_and_never_worse_than_its_start() {
    let config =
        SearchConfig { width: 3, start: "4-4".into(), samples: 200, restarts: 3, seed: 5, reflect: true, with: None };
    let a = search(&config, &|_, _| {}).unwrap();
    let b = search(&config, &|_, _| {}).unwrap();
    assert_eq!(a.found, b.found);
    assert!(a.found[0].estimate >= a.start.estimate);
    assert!(a.found.windows(2).all(|w| w[0].estimate >= w[1].estimate));
    for c in &a.found {
        let p = Partition::named(3, 0, &c.name()).unwrap();
        assert_eq!(p.patterns.len(), 2);
        assert!(p.patterns.iter().all(|p| p.k() == 4));
    }
    // The 8-puzzle: two groups of four; the start's estimate is its own score.
    assert_eq!(a.start.groups, vec![vec![1, 2, 3, 4], vec![5, 6, 7, 8]]);
}

#[test]
fn a_second_partition_is_scored_by_the_larger_of_both() {
    let base =
        SearchConfig { width: 3, start: "4-4".into(), samples: 200, restarts: 2, seed: 9, reflect: false, with: None };
    let alone = search(&base, &|_, _| {}).unwrap();
    let with = SearchConfig { with: Some("4-4".into()), ..base };
    let both = search(&with, &|_, _| {}).unwrap();
    // Maxing over the fixed partition never lowers a board's value.
    assert!(both.start.estimate >= alone.start.estimate);
    // The start maxed with itself scores as the start alone.
    assert!((both.start.estimate - alone.start.estimate).abs() < 1e-9);
    assert!(both.found[0].estimate >= alone.found[0].estimate - 1e-9);
}
