// The Simulator module; see the architecture notes in README.md.
import SceneModel
