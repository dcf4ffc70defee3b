//! The games of the family, each in a folder of its own: Carousel (Manipulation Rummy) in
//! [`manipulation`], Canadian Rummy and its variant Carolina Rummy in [`canadian`].

pub mod canadian;
pub mod manipulation;
