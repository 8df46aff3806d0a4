//! Native emission.
