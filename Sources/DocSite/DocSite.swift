// The DocSite module; see the architecture notes in README.md.
