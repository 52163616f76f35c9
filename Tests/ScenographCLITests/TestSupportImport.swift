// The shared test helpers (packageRoot, SVGDocument), visible in every file of this target.
@_exported import ScenographTestSupport
