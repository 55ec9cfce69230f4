//! The database: entries from text files, indexed by canonical shape key, and
//! the lookup of a shape's value and vital points.

use crate::format::{EyeEntry, EyeFile, parse_file};
use crate::shape::{Shape, ShapeKey};
use crate::value::EyeValue;
use keisei_board::diag::{SourceError, SourceErrors};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Arc;

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
/// and vital points likewise. A map from the key's 64-bit hash to its slot
/// finds it; the full key is compared, so a hash collision can only make a
/// shape fall back to search, never give a wrong answer.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FlatIndex {
    keys: Vec<u32>,
    key_start: Vec<u32>,
    entry: Vec<u32>,
    value: Vec<EyeValue>,
    either: Vec<u8>,
    defence: Vec<(i8, i8)>,
    defence_start: Vec<u32>,
    attack: Vec<(i8, i8)>,
    attack_start: Vec<u32>,
    #[serde(skip)]
    map: HashMap<u64, u32, BuildHasherDefault<KeyHashed>>,
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

/// The hasher of the index's map: its keys are [`key_hash`]es already, so
/// a key hashes to itself (no second hash of every lookup).
#[derive(Clone, Copy, Debug, Default)]
struct KeyHashed(u64);

impl Hasher for KeyHashed {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        // Not used by `u64` keys; any bytes still hash (FNV-1a).
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

impl FlatIndex {
    fn len(&self) -> usize {
        self.entry.len()
    }

    fn key(&self, s: usize) -> &[u32] {
        &self.keys[self.key_start[s] as usize..self.key_start[s + 1] as usize]
    }

    fn find(&self, key: &[u32]) -> Option<usize> {
        let s = *self.map.get(&key_hash(key))? as usize;
        (self.key(s) == key).then_some(s)
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
        self.keys.extend_from_slice(&key.0);
        self.key_start.push(self.keys.len() as u32);
        self.entry.push(entry as u32);
        self.value.push(value);
        self.either.push(either.min(255) as u8);
        self.defence.extend_from_slice(defence);
        self.defence_start.push(self.defence.len() as u32);
        self.attack.extend_from_slice(attack);
        self.attack_start.push(self.attack.len() as u32);
        self.map.entry(key_hash(&key.0)).or_insert(s);
    }

    /// Rebuilds the hash map (after deserializing).
    pub(crate) fn rebuild_map(&mut self) {
        self.map = HashMap::with_capacity_and_hasher(self.len(), BuildHasherDefault::default());
        for s in 0..self.len() {
            let h = key_hash(self.key(s));
            self.map.entry(h).or_insert(s as u32);
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
    labels: Vec<Label>,
    index: FlatIndex,
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
            self.labels.push(Label {
                file: e.origin.file.clone(),
                id: Arc::from(e.id.as_str()),
            });
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
                Some(s) => {
                    // Replace in place: append the new slot and point the map at it.
                    self.index.push(&key, id, entry.value, either, &d, &a);
                    let new = (self.index.len() - 1) as u32;
                    self.index.map.insert(key_hash(&key.0), new);
                    let _ = s;
                }
                None => self.index.push(&key, id, entry.value, either, &d, &a),
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
        &self.labels[id]
    }

    /// Whether the parsed entries are available (a database built from text)
    /// or only the index (the compiled built-in database).
    pub fn has_entries(&self) -> bool {
        self.order.len() == self.labels.len() && !self.files.is_empty()
    }

    /// The labels and the index, for the compiled form. Slots no longer
    /// reachable (replaced by a more specific entry) are dropped.
    pub fn parts(&self) -> (Vec<Label>, FlatIndex) {
        let mut slots: Vec<usize> = self.index.map.values().map(|&s| s as usize).collect();
        slots.sort_unstable();
        let mut flat = FlatIndex::default();
        for s in slots {
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
        (self.labels.clone(), flat)
    }

    /// A database from a compiled index (no parsed entries).
    pub fn from_parts(labels: Vec<Label>, mut index: FlatIndex) -> EyeDb {
        index.rebuild_map();
        EyeDb {
            files: Vec::new(),
            order: Vec::new(),
            labels,
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
        self.index.map.len()
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
        for &s in self.index.map.values() {
            answers[self.index.entry[s as usize] as usize] = true;
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
