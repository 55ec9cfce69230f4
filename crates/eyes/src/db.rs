//! The database: entries from text files, indexed by canonical shape key, and
//! the lookup of a shape's value and vital points.

use crate::format::{EyeEntry, EyeFile, parse_file};
use crate::shape::{Shape, ShapeKey};
use crate::value::EyeValue;
use keisei_board::diag::{SourceError, SourceErrors};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

/// What the index answers for one shape: borrowed from the flat index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Indexed<'a> {
    /// Index of the entry in load order (see [`EyeDb::label`]).
    pub entry: usize,
    /// The entry's value.
    pub value: EyeValue,
    /// Defence vital points, in the canonical frame.
    pub defence: &'a [(i8, i8)],
    /// Attack vital points, in the canonical frame.
    pub attack: &'a [(i8, i8)],
}

/// The index as flat arrays: slot `s` has key `keys[key_start[s]..key_start[s+1]]`
/// and vital points likewise. An open-addressing table over the key's 64-bit
/// hash finds it (linear probing from the hash's low bits; a slot's high 32
/// hash bits are compared before its key), so the compiled form carries the
/// table and loading it builds nothing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FlatIndex {
    pub(crate) keys: Vec<u32>,
    pub(crate) key_start: Vec<u32>,
    pub(crate) entry: Vec<u32>,
    pub(crate) value: Vec<EyeValue>,
    pub(crate) either: Vec<u8>,
    pub(crate) defence: Vec<(i8, i8)>,
    pub(crate) defence_start: Vec<u32>,
    pub(crate) attack: Vec<(i8, i8)>,
    pub(crate) attack_start: Vec<u32>,
    /// Each slot's key hash, high 32 bits.
    pub(crate) tag: Vec<u32>,
    /// The table: `slot + 1`, or 0 for an empty place; its length is a power
    /// of two at least twice the number of shapes.
    pub(crate) table: Vec<u32>,
}

/// FNV-1a over the key's words: stable across runs and machines.
fn key_hash(key: &[u32]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &w in key {
        for b in w.to_le_bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    h
}

impl FlatIndex {
    fn len(&self) -> usize {
        self.entry.len()
    }

    fn key(&self, s: usize) -> &[u32] {
        &self.keys[self.key_start[s] as usize..self.key_start[s + 1] as usize]
    }

    /// The table place holding `key` (`Ok`), or the empty place where it
    /// would go (`Err`). The table must have an empty place.
    fn place(&self, h: u64, key: &[u32]) -> Result<usize, usize> {
        let mask = self.table.len() - 1;
        let tag = (h >> 32) as u32;
        let mut i = h as usize & mask;
        loop {
            let t = self.table[i];
            if t == 0 {
                return Err(i);
            }
            let s = (t - 1) as usize;
            if self.tag[s] == tag && self.key(s) == key {
                return Ok(i);
            }
            i = (i + 1) & mask;
        }
    }

    fn find(&self, key: &[u32]) -> Option<usize> {
        if self.table.is_empty() {
            return None;
        }
        let i = self.place(key_hash(key), key).ok()?;
        Some((self.table[i] - 1) as usize)
    }

    fn get(&self, s: usize) -> Indexed<'_> {
        Indexed {
            entry: self.entry[s] as usize,
            value: self.value[s],
            defence: &self.defence
                [self.defence_start[s] as usize..self.defence_start[s + 1] as usize],
            attack: &self.attack[self.attack_start[s] as usize..self.attack_start[s + 1] as usize],
        }
    }

    /// The slots the table answers, in slot order.
    fn reachable(&self) -> Vec<usize> {
        let mut slots: Vec<usize> = self
            .table
            .iter()
            .filter(|&&t| t != 0)
            .map(|&t| (t - 1) as usize)
            .collect();
        slots.sort_unstable();
        slots
    }

    /// Appends a slot for `key` and points the table at it (in place of
    /// the slot that had the same key, if any).
    fn push(
        &mut self,
        key: &ShapeKey,
        entry: usize,
        value: EyeValue,
        either: usize,
        defence: &[(i8, i8)],
        attack: &[(i8, i8)],
    ) {
        if self.key_start.is_empty() {
            self.key_start.push(0);
            self.defence_start.push(0);
            self.attack_start.push(0);
        }
        let s = self.len() as u32;
        let h = key_hash(&key.0);
        self.keys.extend_from_slice(&key.0);
        self.key_start.push(self.keys.len() as u32);
        self.entry.push(entry as u32);
        self.value.push(value);
        self.either.push(either.min(255) as u8);
        self.defence.extend_from_slice(defence);
        self.defence_start.push(self.defence.len() as u32);
        self.attack.extend_from_slice(attack);
        self.attack_start.push(self.attack.len() as u32);
        self.tag.push((h >> 32) as u32);
        if 2 * self.len() > self.table.len() {
            self.rebuild_table(2 * self.len());
        } else {
            match self.place(h, &key.0) {
                Ok(i) | Err(i) => self.table[i] = s + 1,
            }
        }
    }

    /// Rebuilds the table with room for `room` shapes (the latest slot of
    /// each key answers).
    fn rebuild_table(&mut self, room: usize) {
        let old = std::mem::take(&mut self.table);
        let mut slots: Vec<u32> = old.into_iter().filter(|&t| t != 0).collect();
        slots.push(self.len() as u32);
        slots.sort_unstable();
        self.table = vec![0; room.next_power_of_two().max(2)];
        for t in slots {
            let s = (t - 1) as usize;
            let h = key_hash(self.key(s));
            match self.place(h, self.key(s)) {
                Ok(i) | Err(i) => self.table[i] = t,
            }
        }
    }

    /// Whether the arrays are consistent (every range and reference in
    /// bounds, the table well formed), for a decoded index.
    pub(crate) fn is_consistent(&self, labels: usize) -> bool {
        let n = self.len();
        let starts = |v: &[u32], len: usize| {
            v.len() == n + 1
                && v.first() == Some(&0)
                && v.last().is_some_and(|&l| l as usize == len)
                && v.windows(2).all(|w| w[0] <= w[1])
        };
        starts(&self.key_start, self.keys.len())
            && starts(&self.defence_start, self.defence.len())
            && starts(&self.attack_start, self.attack.len())
            && self.value.len() == n
            && self.either.len() == n
            && self.tag.len() == n
            && self.entry.iter().all(|&e| (e as usize) < labels)
            && self.table.len().is_power_of_two()
            && self.table.len() >= 2 * n
            && self.table.contains(&0)
            && self.table.iter().all(|&t| t as usize <= n)
    }
}

/// Which entry answered: its file and id.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Label {
    /// The file the entry is in.
    pub file: String,
    /// The entry's id, shared: every lookup that names the entry (a
    /// group's eye-region source) holds it without a copy.
    pub id: Arc<str>,
}

/// A set of eye-shape entries with an index by canonical shape.
///
/// A database built from text keeps the parsed files (for lint, verify and
/// fmt); the compiled built-in database keeps only the index and the labels.
#[derive(Clone, Debug, Default)]
pub struct EyeDb {
    files: Vec<EyeFile>,
    /// (file index, entry index in file) of each entry, in load order.
    order: Vec<(usize, usize)>,
    /// Each entry's label: built when the database is, or (compiled) the
    /// first time it is asked for, from `names`.
    labels: Vec<OnceLock<Label>>,
    names: Names,
    index: FlatIndex,
}

/// The compiled database's labels, unbuilt: entry `i` is in file
/// `files[file[i]]` and has the id `ids[id_end[i-1]..id_end[i]]`.
#[derive(Clone, Debug, Default)]
pub(crate) struct Names {
    pub(crate) files: Vec<String>,
    pub(crate) file: Vec<u8>,
    pub(crate) ids: String,
    pub(crate) id_end: Vec<u32>,
}

impl Names {
    fn label(&self, i: usize) -> Label {
        let start = if i == 0 {
            0
        } else {
            self.id_end[i - 1] as usize
        };
        Label {
            file: self.files[usize::from(self.file[i])].clone(),
            id: Arc::from(&self.ids[start..self.id_end[i] as usize]),
        }
    }
}

/// Two entries claim the same shape.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Collision {
    /// The entry that keeps the shape.
    pub kept: usize,
    /// The other entry.
    pub other: usize,
    /// Whether this is an error (two entries without `o` points drawing the
    /// same shape) rather than a more specific entry overriding a general one.
    pub duplicate: bool,
}

impl EyeDb {
    /// An empty database.
    pub fn new() -> EyeDb {
        EyeDb::default()
    }

    /// Parses files (name, text) and builds the database. Every problem is
    /// reported, not just the first.
    pub fn from_texts<'a>(
        texts: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<EyeDb, SourceErrors> {
        let mut errors = SourceErrors::new();
        let mut db = EyeDb::new();
        for (name, text) in texts {
            match parse_file(name, text) {
                Ok(f) => db.add_file(f),
                Err(e) => errors.push(e),
            }
        }
        for c in db.collisions() {
            if c.duplicate {
                let kept = db.entry(c.kept);
                let other = db.entry(c.other);
                errors.push(other.origin.error_at_header(format!(
                    "duplicate shape: {:?} draws the same eye space as {:?} ({}:{})",
                    other.id, kept.id, kept.origin.file, kept.origin.header.line
                )));
            }
        }
        if errors.is_empty() {
            Ok(db)
        } else {
            Err(errors)
        }
    }

    /// Adds a parsed file; its entries are indexed (see [`EyeDb::collisions`]).
    pub fn add_file(&mut self, file: EyeFile) {
        let fi = self.files.len();
        let n = file.entries.len();
        self.files.push(file);
        for ei in 0..n {
            let id = self.order.len();
            self.order.push((fi, ei));
            let e = &self.files[fi].entries[ei];
            self.labels.push(OnceLock::from(Label {
                file: e.origin.file.clone(),
                id: Arc::from(e.id.as_str()),
            }));
            self.index_entry(id);
        }
    }

    fn index_entry(&mut self, id: usize) {
        let entry = self.entry(id).clone();
        let shape = entry.shape();
        let crate::format::VitalPoints { defence, attack } = entry.vital_points();
        let either = shape.either_count();
        for mask in 0..(1u32 << either) {
            let resolved = shape.resolved(mask);
            let (key, sym) = resolved.canonical();
            let d: Vec<(i8, i8)> = defence
                .iter()
                .map(|&p| resolved.to_canonical(sym, p))
                .collect();
            let a: Vec<(i8, i8)> = attack
                .iter()
                .map(|&p| resolved.to_canonical(sym, p))
                .collect();
            match self.index.find(&key.0) {
                // A more specific (fewer `o`) or earlier entry keeps the shape.
                Some(s) if usize::from(self.index.either[s]) <= either => {}
                // Replace: append the new slot and point the table at it.
                Some(_) | None => self.index.push(&key, id, entry.value, either, &d, &a),
            }
        }
    }

    /// Every entry, in load order.
    pub fn entries(&self) -> impl Iterator<Item = &EyeEntry> {
        self.order.iter().map(|&(f, e)| &self.files[f].entries[e])
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.labels.len()
    }

    /// Whether there is no entry.
    pub fn is_empty(&self) -> bool {
        self.labels.is_empty()
    }

    /// The file and id of entry `id`.
    ///
    /// # Panics
    /// If `id` is not below [`EyeDb::len`].
    pub fn label(&self, id: usize) -> &Label {
        self.labels[id].get_or_init(|| self.names.label(id))
    }

    /// Whether the parsed entries are available (a database built from text)
    /// or only the index (the compiled built-in database).
    pub fn has_entries(&self) -> bool {
        self.order.len() == self.labels.len() && !self.files.is_empty()
    }

    /// The labels and the index, for the compiled form. Slots no longer
    /// reachable (replaced by a more specific entry) are dropped.
    pub(crate) fn parts(&self) -> (Names, FlatIndex) {
        let mut names = Names::default();
        for i in 0..self.len() {
            let l = self.label(i);
            let f = names
                .files
                .iter()
                .position(|f| *f == l.file)
                .unwrap_or_else(|| {
                    names.files.push(l.file.clone());
                    names.files.len() - 1
                });
            names.file.push(u8::try_from(f).expect("at most 256 files"));
            names.ids.push_str(&l.id);
            names.id_end.push(names.ids.len() as u32);
        }
        let mut flat = FlatIndex::default();
        for s in self.index.reachable() {
            let k = ShapeKey(self.index.key(s).to_vec());
            let i = self.index.get(s);
            flat.push(
                &k,
                i.entry,
                i.value,
                usize::from(self.index.either[s]),
                i.defence,
                i.attack,
            );
        }
        (names, flat)
    }

    /// A database from a compiled index (no parsed entries); `names` has a
    /// label for every entry the index names (see [`FlatIndex::is_consistent`]).
    pub(crate) fn from_parts(names: Names, index: FlatIndex) -> EyeDb {
        EyeDb {
            files: Vec::new(),
            order: Vec::new(),
            labels: (0..names.file.len()).map(|_| OnceLock::new()).collect(),
            names,
            index,
        }
    }

    /// The entry with load-order index `id`.
    ///
    /// # Panics
    /// If `id` is not below [`EyeDb::len`], or the database is compiled
    /// (see [`EyeDb::has_entries`]).
    pub fn entry(&self, id: usize) -> &EyeEntry {
        let (f, e) = self.order[id];
        &self.files[f].entries[e]
    }

    /// The parsed files.
    pub fn files(&self) -> &[EyeFile] {
        &self.files
    }

    /// The index entry for a shape (of any orientation), if the database has it.
    pub fn get(&self, shape: &Shape) -> Option<Indexed<'_>> {
        self.get_key(&shape.canonical().0)
    }

    /// The index entry for a canonical key.
    pub fn get_key(&self, key: &ShapeKey) -> Option<Indexed<'_>> {
        self.get_key_slice(&key.0)
    }

    /// [`EyeDb::get_key`] of a key's words.
    pub(crate) fn get_key_slice(&self, key: &[u32]) -> Option<Indexed<'_>> {
        self.index.find(key).map(|s| self.index.get(s))
    }

    /// Number of distinct shapes the index answers.
    pub fn shape_count(&self) -> usize {
        self.index.table.iter().filter(|&&t| t != 0).count()
    }

    /// Pairs of entries that claim a common shape: duplicates (an error) and
    /// overrides of a general entry by a more specific one.
    pub fn collisions(&self) -> Vec<Collision> {
        let mut owner: HashMap<ShapeKey, usize> = HashMap::new();
        let mut out = Vec::new();
        for id in 0..self.len() {
            let shape = self.entry(id).shape();
            let either = shape.either_count();
            for mask in 0..(1u32 << either) {
                let key = shape.resolved(mask).canonical().0;
                match owner.get(&key) {
                    Some(&first) if first != id => {
                        let first_either = self.entry(first).shape().either_count();
                        let kept = self.get_key(&key).map_or(first, |i| i.entry);
                        let c = Collision {
                            kept,
                            other: if kept == first { id } else { first },
                            duplicate: either == 0 && first_either == 0,
                        };
                        if !out.contains(&c) {
                            out.push(c);
                        }
                    }
                    Some(_) => {}
                    None => {
                        owner.insert(key, id);
                    }
                }
            }
        }
        out
    }

    /// Entries that answer no shape at all (every shape they draw is taken
    /// by a more specific or earlier entry).
    pub fn unreachable(&self) -> Vec<usize> {
        let mut answers = vec![false; self.len()];
        for s in self.index.reachable() {
            answers[self.index.entry[s] as usize] = true;
        }
        (0..self.len()).filter(|&i| !answers[i]).collect()
    }
}

/// Renders a list of diagnostics, one after another.
pub fn render_errors(errors: &[SourceError]) -> String {
    let mut out = String::new();
    for e in errors {
        out.push_str(&e.to_string());
        out.push('\n');
    }
    out
}
