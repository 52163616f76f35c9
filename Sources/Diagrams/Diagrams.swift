// The Diagrams module; see the architecture notes in README.md.
