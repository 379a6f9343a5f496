//! The clock the solvers read: `std::time` natively, the browser's clock in WebAssembly (where
//! `std::time::Instant::now()` panics).

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub use std::time::{Instant, SystemTime, UNIX_EPOCH};
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub use web_time::{Instant, SystemTime, UNIX_EPOCH};
