// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Scenograph",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "scenograph", targets: ["scenograph"]),
        .library(name: "ScenographKit", targets: ["SceneModel", "ModelLoading", "Simulator", "Diagrams", "Graphviz", "DocSite", "Review"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Yams 5 keeps duplicate mapping keys, so every duplicate can be reported with its own position.
        .package(url: "https://github.com/jpsim/Yams", exact: "5.0.1"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
    ],
    targets: [
        .target(name: "SceneModel"),
        .target(name: "TextFormats"),
        .target(name: "ModelLoading", dependencies: ["SceneModel", "TextFormats", "Yams"]),
        .target(name: "Simulator", dependencies: ["SceneModel"]),
        .systemLibrary(
            name: "CGraphviz",
            pkgConfig: "libgvc",
            providers: [.apt(["libgraphviz-dev"]), .brew(["graphviz"])]
        ),
        // The SVG renderer's numbers written without glibc's multi-precision formatting (Graphviz 2.42/2.43 only).
        .target(name: "CGraphvizNumbers", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        .target(name: "Graphviz", dependencies: ["CGraphviz", "CGraphvizNumbers", "TextFormats"]),
        .target(name: "Diagrams", dependencies: ["SceneModel", "Simulator"]),
        // SHA-256 rounds with the x86 SHA instructions, for the content keys of diagrams and pages.
        .target(name: "CSHA256"),
        .target(
            name: "DocSite",
            dependencies: ["SceneModel", "Simulator", "TextFormats", "CSHA256", .product(name: "Mustache", package: "swift-mustache")]
        ),
        .target(name: "Review", dependencies: ["SceneModel", "Simulator", "Diagrams", "TextFormats"]),
        .executableTarget(
            name: "scenograph",
            dependencies: ["SceneModel", "ModelLoading", "Simulator", "Diagrams", "Graphviz", "DocSite", "Review", "TextFormats",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .target(name: "ScenographTestSupport", path: "Tests/Support"),
        .testTarget(name: "SceneModelTests", dependencies: ["ScenographTestSupport", "SceneModel"]),
        .testTarget(name: "ModelLoadingTests", dependencies: ["ScenographTestSupport", "ModelLoading", "SceneModel", "TextFormats"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "SimulatorTests", dependencies: ["ScenographTestSupport", "Simulator", "ModelLoading", "SceneModel"]),
        .testTarget(name: "GraphvizTests", dependencies: ["ScenographTestSupport", "Graphviz", "CGraphvizNumbers"]),
        .testTarget(name: "DiagramsTests", dependencies: ["ScenographTestSupport", "Diagrams", "ModelLoading", "Simulator", "Graphviz"],
                    exclude: ["Fixtures", "Golden"]),
        .testTarget(name: "DocSiteTests", dependencies: ["ScenographTestSupport", "DocSite", "ModelLoading", "Simulator", "Diagrams", "SceneModel",
                                                    .product(name: "Mustache", package: "swift-mustache")],
                    exclude: ["Golden"]),
        .testTarget(name: "ScenographCLITests", dependencies: ["ScenographTestSupport", "ModelLoading"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "ReviewTests", dependencies: ["ScenographTestSupport", "Review", "ModelLoading", "SceneModel", "Simulator", "Diagrams"],
                    exclude: ["Golden", "Fixtures"]),
        // Runs the built executable on damaged inputs (a short run here, a long one with `make fuzz`).
        .testTarget(name: "FuzzTests", dependencies: ["ScenographTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
