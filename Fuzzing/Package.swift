// swift-tools-version:6.0
import Foundation
import PackageDescription

// libFuzzer targets for healthsig, one per input surface. A package of its own so that nothing
// here enters the main package's dependency graph or its products. `scripts/fuzz` builds it with
// `-sanitize=fuzzer,address` and runs one target; each target's `@main` starts libFuzzer.
let fuzzTargets = [
    "der-reader", "cms-verifier", "signed-record", "json-lines",
    "export-xml", "zip-reader", "trust-pem", "signature-text",
]

// SwiftPM names a path dependency after its directory, which is whatever the checkout is called
// (anything but `Fuzzing`, the name of this package).
let mainPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .lastPathComponent.lowercased()

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
            dependencies: [
                "CLibFuzzer",
                .product(name: "DER", package: mainPackage),
                .product(name: "CryptoBackend", package: mainPackage),
                .product(name: "CMS", package: mainPackage),
                .product(name: "HealthSamples", package: mainPackage),
                .product(name: "SampleSigning", package: mainPackage),
                .product(name: "SampleIO", package: mainPackage),
            ]
        ),
    ] + fuzzTargets.map { name in
        .executableTarget(
            name: name,
            dependencies: [
                "FuzzSupport",
                .product(name: "DER", package: mainPackage),
                .product(name: "CryptoBackend", package: mainPackage),
                .product(name: "CMS", package: mainPackage),
                .product(name: "HealthSamples", package: mainPackage),
                .product(name: "SampleSigning", package: mainPackage),
                .product(name: "SampleIO", package: mainPackage),
                .product(name: "HealthSigKit", package: mainPackage),
            ]
        )
    },
    swiftLanguageModes: [.v6]
)
