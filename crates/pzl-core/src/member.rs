//! Documents inside documents (object's archive members): a container kind lists the members it
//! holds that some kind reads, and takes a member's new bytes back; the kind that reads a member
//! knows nothing of the container, and the container nothing of it.

/// One member of a container document, copied out of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Member {
    /// The type the container stores it as, in the container's words (a resource type such as
    /// `SBP1`): a kind reads the types it knows ([`crate::Kind::member_format`]).
    pub stored_as: String,
    /// The member's number in the container (a resource ID), if it has one.
    pub id: Option<i64>,
    /// The member's name (empty when it has none).
    pub name: String,
    /// How messages name it: `'SBP1' 128 "6 x 6 Square"`.
    pub label: String,
    /// Its contents.
    pub bytes: Vec<u8>,
}

/// What a kind gives back when it solves a member to save the solution into it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SavedMember {
    /// Solved: the member's new bytes, and the saved solution's rows (to show).
    Saved {
        /// The member's new contents.
        bytes: Vec<u8>,
        /// The saved solution, one text row each.
        rows: Vec<String>,
    },
    /// Nothing to save: the reason when one is known (an impossibility proof, the timeout).
    NoSolution(Option<String>),
}
