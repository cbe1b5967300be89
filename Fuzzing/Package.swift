// swift-tools-version:6.0
import Foundation
import PackageDescription

// libFuzzer targets for healthsig, one per input surface. A package of its own so that nothing
// here enters the main package's dependency graph or its products. `scripts/fuzz` builds it with
// `-sanitize=fuzzer,address` and runs one target; each target's `@main` starts libFuzzer.
let fuzzTargets = [
    "der-reader", "cms-verifier", "signed-record", "json-lines",
    "export-xml", "zip-reader", "trust-pem", "signature-text", "crl-reader",
]

// SwiftPM names a path dependency after its directory, which is whatever the checkout is called
// (anything but `Fuzzing`, the name of this package).
let mainPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .lastPathComponent.lowercased()

// The main package's library layers the support code and every target use.
let libraryLayers: [Target.Dependency] = ["DER", "CryptoBackend", "CMS", "HealthSamples", "SampleSigning", "SampleIO"]
    .map { .product(name: $0, package: mainPackage) }

let package = Package(
    name: "healthsig-fuzz",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: ".."),
    ],
    targets: [
        .target(name: "CLibFuzzer"),
        .target(
            name: "FuzzSupport",
            dependencies: ["CLibFuzzer"] + libraryLayers
        ),
    ] + fuzzTargets.map { name in
        .executableTarget(
            name: name,
            dependencies: ["FuzzSupport"] + libraryLayers + [.product(name: "HealthSigKit", package: mainPackage)]
        )
    },
    swiftLanguageModes: [.v6]
)
