//! The database: entries from text files, indexed by canonical shape key, and
//! the lookup of a shape's value and vital points.

use crate::format::{EyeEntry, EyeFile, parse_file};
use crate::shape::{Shape, ShapeKey};
use crate::value::{EyeValue, Eyes};
use keisei_board::diag::{SourceError, SourceErrors};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
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

/// A run of bytes: borrowed from the compiled index embedded in the binary,
/// or owned (an index built from text, or decoded from other bytes).
pub(crate) type Bytes = Cow<'static, [u8]>;

/// Word `i` of a run of little-endian u32 words.
fn word(b: &[u8], i: usize) -> u32 {
    let w = &b[4 * i..4 * i + 4];
    u32::from_le_bytes([w[0], w[1], w[2], w[3]])
}

/// The little-endian u32 words of a run of bytes (a partial word at the
/// end left out).
fn words(b: &[u8]) -> impl Iterator<Item = u32> + '_ {
    b.chunks_exact(4)
        .map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
}

/// Whether a run of words starts at 0, never decreases and ends at `end`,
/// with `n + 1` words.
fn starts_ok(b: &[u8], n: usize, end: usize) -> bool {
    b.len() == 4 * (n + 1) && word(b, 0) == 0 && word(b, n) as usize == end && ascending(b)
}

/// Whether a run of words never decreases.
fn ascending(b: &[u8]) -> bool {
    let mut last = 0;
    words(b).all(|w| {
        let up = last <= w;
        last = w;
        up
    })
}

fn push_word(b: &mut Bytes, w: u32) {
    b.to_mut().extend_from_slice(&w.to_le_bytes());
}

/// The eye counts by their index in a value byte (`4a + b`).
const EYES: [Eyes; 4] = [Eyes::Zero, Eyes::One, Eyes::Two, Eyes::Many];

/// A value's byte: `4a + b`, each count by its index in [`EYES`].
pub(crate) fn value_byte(v: EyeValue) -> u8 {
    let i = |e: Eyes| match e {
        Eyes::Zero => 0,
        Eyes::One => 1,
        Eyes::Two => 2,
        Eyes::Many => 3,
    };
    4 * i(v.a) + i(v.b)
}

/// The index as flat arrays, in the compiled form's layout so that the
/// built-in index is used where it lies in the binary (loading it copies and
/// allocates almost nothing). Slot `s` has key words
/// `keys[key_start[s]..key_start[s+1]]`, its entry `entry[s]`, its value
/// byte `value[s]` and vital points `defence[defence_start[s]..
/// defence_start[s+1]]` (likewise `attack`); `keys`, `key_start`, `entry`,
/// `defence_start`, `attack_start`, `tag` and `table` are little-endian u32
/// words. An open-addressing table over the key's 64-bit hash finds a key:
/// `table` (a power of two long, at least twice the number of shapes) holds
/// `slot + 1` or 0 for an empty place; probing is linear from the hash's low
/// bits, and a slot's `tag` (the high 32 hash bits) is compared before its
/// key.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FlatIndex {
    pub(crate) keys: Bytes,
    pub(crate) key_start: Bytes,
    pub(crate) entry: Bytes,
    pub(crate) value: Bytes,
    pub(crate) either: Bytes,
    pub(crate) defence: Vec<(i8, i8)>,
    pub(crate) defence_start: Bytes,
    pub(crate) attack: Vec<(i8, i8)>,
    pub(crate) attack_start: Bytes,
    pub(crate) tag: Bytes,
    pub(crate) table: Bytes,
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
        self.entry.len() / 4
    }

    fn table_len(&self) -> usize {
        self.table.len() / 4
    }

    /// Slot `s`'s key, as little-endian bytes.
    fn key_bytes(&self, s: usize) -> &[u8] {
        &self.keys[4 * word(&self.key_start, s) as usize..4 * word(&self.key_start, s + 1) as usize]
    }

    fn key(&self, s: usize) -> Vec<u32> {
        self.key_bytes(s)
            .chunks_exact(4)
            .map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
            .collect()
    }

    fn key_is(&self, s: usize, key: &[u32]) -> bool {
        let b = self.key_bytes(s);
        b.len() == 4 * key.len()
            && b.chunks_exact(4)
                .zip(key)
                .all(|(b, w)| b == w.to_le_bytes())
    }

    /// The table place holding `key` (`Ok`), or the empty place where it
    /// would go (`Err`). The table must have an empty place.
    #[inline]
    fn place(&self, h: u64, key: &[u32]) -> Result<usize, usize> {
        let mask = self.table_len() - 1;
        let tag = (h >> 32) as u32;
        let mut i = h as usize & mask;
        loop {
            let t = word(&self.table, i);
            if t == 0 {
                return Err(i);
            }
            let s = (t - 1) as usize;
            if word(&self.tag, s) == tag && self.key_is(s, key) {
                return Ok(i);
            }
            i = (i + 1) & mask;
        }
    }

    fn set_place(&mut self, i: usize, t: u32) {
        self.table.to_mut()[4 * i..4 * i + 4].copy_from_slice(&t.to_le_bytes());
    }

    fn find(&self, key: &[u32]) -> Option<usize> {
        if self.table.is_empty() {
            return None;
        }
        let i = self.place(key_hash(key), key).ok()?;
        Some((word(&self.table, i) - 1) as usize)
    }

    fn either(&self, s: usize) -> usize {
        usize::from(self.either[s])
    }

    fn get(&self, s: usize) -> Indexed<'_> {
        let v = self.value[s];
        Indexed {
            entry: word(&self.entry, s) as usize,
            value: EyeValue::new(EYES[usize::from(v >> 2)], EYES[usize::from(v & 3)]),
            defence: &self.defence
                [word(&self.defence_start, s) as usize..word(&self.defence_start, s + 1) as usize],
            attack: &self.attack
                [word(&self.attack_start, s) as usize..word(&self.attack_start, s + 1) as usize],
        }
    }

    /// The slots the table answers, in slot order.
    fn reachable(&self) -> Vec<usize> {
        let mut slots: Vec<usize> = (0..self.table_len())
            .map(|i| word(&self.table, i))
            .filter(|&t| t != 0)
            .map(|t| (t - 1) as usize)
            .collect();
        slots.sort_unstable();
        slots
    }

    /// Appends a slot for `key` and points the table at it (in place of
    /// the slot that had the same key, if any).
    fn push(
        &mut self,
        key: &[u32],
        entry: usize,
        value: EyeValue,
        either: usize,
        defence: &[(i8, i8)],
        attack: &[(i8, i8)],
    ) {
        if self.key_start.is_empty() {
            push_word(&mut self.key_start, 0);
            push_word(&mut self.defence_start, 0);
            push_word(&mut self.attack_start, 0);
        }
        let s = self.len() as u32;
        let h = key_hash(key);
        for &w in key {
            push_word(&mut self.keys, w);
        }
        push_word(&mut self.key_start, (self.keys.len() / 4) as u32);
        push_word(&mut self.entry, entry as u32);
        self.value.to_mut().push(value_byte(value));
        self.either.to_mut().push(either.min(255) as u8);
        self.defence.extend_from_slice(defence);
        push_word(&mut self.defence_start, self.defence.len() as u32);
        self.attack.extend_from_slice(attack);
        push_word(&mut self.attack_start, self.attack.len() as u32);
        push_word(&mut self.tag, (h >> 32) as u32);
        if 2 * self.len() > self.table_len() {
            self.rebuild_table(2 * self.len());
        } else {
            match self.place(h, key) {
                Ok(i) | Err(i) => self.set_place(i, s + 1),
            }
        }
    }

    /// Rebuilds the table with room for `room` shapes (the latest slot of
    /// each key answers).
    fn rebuild_table(&mut self, room: usize) {
        let mut slots: Vec<u32> = (0..self.table_len())
            .map(|i| word(&self.table, i))
            .filter(|&t| t != 0)
            .collect();
        slots.push(self.len() as u32);
        slots.sort_unstable();
        self.table = Cow::Owned(vec![0; 4 * room.next_power_of_two().max(2)]);
        for t in slots {
            let key = self.key((t - 1) as usize);
            match self.place(key_hash(&key), &key) {
                Ok(i) | Err(i) => self.set_place(i, t),
            }
        }
    }

    /// Whether the arrays are consistent (every range and reference in
    /// bounds, the table well formed), for a decoded index.
    pub(crate) fn is_consistent(&self, labels: usize) -> bool {
        let n = self.len();
        let t = self.table_len();
        let whole = |b: &[u8]| b.len() % 4 == 0;
        whole(&self.keys)
            && whole(&self.entry)
            && whole(&self.table)
            && starts_ok(&self.key_start, n, self.keys.len() / 4)
            && starts_ok(&self.defence_start, n, self.defence.len())
            && starts_ok(&self.attack_start, n, self.attack.len())
            && self.value.len() == n
            && self.value.iter().all(|&v| v < 16)
            && self.either.len() == n
            && self.tag.len() == 4 * n
            && words(&self.entry).all(|e| (e as usize) < labels)
            && t.is_power_of_two()
            && t >= 2 * n
            && {
                // Every place empty or a slot, one at least empty.
                let (most, least) = words(&self.table).fold((0, u32::MAX), |(most, least), s| {
                    (most.max(s), least.min(s))
                });
                most as usize <= n && least == 0
            }
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
    /// The entries' files and ids.
    names: Names,
    /// Each entry's label, built the first time it is asked for (entry `i`
    /// in chunk `i / LABEL_CHUNK`), so loading builds none.
    labels: Vec<OnceLock<LabelChunk>>,
    index: FlatIndex,
}

/// Labels are built in chunks of this many entries.
const LABEL_CHUNK: usize = 32;

type LabelChunk = Box<[OnceLock<Label>; LABEL_CHUNK]>;

/// The entries' files and ids: entry `i` is in file `files[file[i]]` and has
/// the id `ids[id_end[i-1]..id_end[i]]` (`file` and `id_end` are
/// little-endian u32 words).
#[derive(Clone, Debug, Default)]
pub(crate) struct Names {
    pub(crate) files: Vec<String>,
    pub(crate) file: Bytes,
    pub(crate) ids: Cow<'static, str>,
    pub(crate) id_end: Bytes,
}

impl Names {
    fn len(&self) -> usize {
        self.id_end.len() / 4
    }

    fn push(&mut self, file: &str, id: &str) {
        let f = self
            .files
            .iter()
            .position(|f| f == file)
            .unwrap_or_else(|| {
                self.files.push(file.to_string());
                self.files.len() - 1
            });
        push_word(&mut self.file, f as u32);
        self.ids.to_mut().push_str(id);
        push_word(&mut self.id_end, self.ids.len() as u32);
    }

    fn label(&self, i: usize) -> Label {
        let start = if i == 0 {
            0
        } else {
            word(&self.id_end, i - 1) as usize
        };
        Label {
            file: self.files[word(&self.file, i) as usize].clone(),
            id: Arc::from(&self.ids[start..word(&self.id_end, i) as usize]),
        }
    }

    /// Whether every entry's file and id range is in bounds.
    pub(crate) fn is_consistent(&self) -> bool {
        let n = self.len();
        self.file.len() == 4 * n
            && self.id_end.len() % 4 == 0
            && words(&self.file).all(|f| (f as usize) < self.files.len())
            && ascending(&self.id_end)
            && words(&self.id_end).all(|e| self.ids.is_char_boundary(e as usize))
            && (n == 0 || word(&self.id_end, n - 1) as usize == self.ids.len())
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
            let (file, ident) = (e.origin.file.clone(), e.id.clone());
            self.names.push(&file, &ident);
            self.labels
                .resize_with(self.len().div_ceil(LABEL_CHUNK), OnceLock::new);
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
                Some(s) if self.index.either(s) <= either => {}
                // Replace: append the new slot and point the table at it.
                Some(_) | None => self.index.push(&key.0, id, entry.value, either, &d, &a),
            }
        }
    }

    /// Every entry, in load order.
    pub fn entries(&self) -> impl Iterator<Item = &EyeEntry> {
        self.order.iter().map(|&(f, e)| &self.files[f].entries[e])
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether there is no entry.
    pub fn is_empty(&self) -> bool {
        self.names.len() == 0
    }

    /// The file and id of entry `id`.
    ///
    /// # Panics
    /// If `id` is not below [`EyeDb::len`].
    pub fn label(&self, id: usize) -> &Label {
        let chunk = self.labels[id / LABEL_CHUNK]
            .get_or_init(|| Box::new(std::array::from_fn(|_| OnceLock::new())));
        chunk[id % LABEL_CHUNK].get_or_init(|| self.names.label(id))
    }

    /// Whether the parsed entries are available (a database built from text)
    /// or only the index (the compiled built-in database).
    pub fn has_entries(&self) -> bool {
        self.order.len() == self.names.len() && !self.files.is_empty()
    }

    /// The labels and the index, for the compiled form. Slots no longer
    /// reachable (replaced by a more specific entry) are dropped.
    pub(crate) fn parts(&self) -> (Names, FlatIndex) {
        let names = self.names.clone();
        let mut flat = FlatIndex::default();
        for s in self.index.reachable() {
            let i = self.index.get(s);
            flat.push(
                &self.index.key(s),
                i.entry,
                i.value,
                self.index.either(s),
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
            labels: (0..names.len().div_ceil(LABEL_CHUNK))
                .map(|_| OnceLock::new())
                .collect(),
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
        self.index.reachable().len()
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
            answers[self.index.get(s).entry] = true;
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
