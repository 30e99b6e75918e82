//! A picture of a small state space for the page: the places (one per state) and the links
//! between them, on which the replay marks each state by what the search has done with it.

use serde::Serialize;

/// A place of a [`Scene`]: a state, by its words, at a point.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Place {
    /// The state in words ([`super::Describe::state_words`]; the page matches it to the
    /// trace's view of a state, which for a place is the same text).
    pub label: String,
    /// Across, from the left.
    pub x: u32,
    /// Down, from the top.
    pub y: u32,
}

/// The whole state space drawn once (a road map): a `width` × `height` picture of places and
/// the links between them (each link names two places' labels).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Scene {
    /// The picture's width.
    pub width: u32,
    /// The picture's height.
    pub height: u32,
    /// Every place.
    pub places: Vec<Place>,
    /// The links between places, by their labels.
    pub links: Vec<[String; 2]>,
    /// Each link's word, in the order of `links` (a road's length); empty: none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub link_labels: Vec<String>,
}
