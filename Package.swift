// swift-tools-version:6.0
import PackageDescription

// Layers, each depending only on those below it:
//   healthsig (command) → HealthSigKit (demo, bench, vectors) → SampleIO, SampleSigning
//   → HealthSamples / CMS → CryptoBackend (+ COpenSSL) → DER
let package = Package(
    name: "healthsig",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "DER", targets: ["DER"]),
        .library(name: "CryptoBackend", targets: ["CryptoBackend"]),
        .library(name: "CMS", targets: ["CMS"]),
        .library(name: "HealthSamples", targets: ["HealthSamples"]),
        .library(name: "SampleSigning", targets: ["SampleSigning"]),
        .library(name: "SampleIO", targets: ["SampleIO"]),
        .library(name: "HealthSigKit", targets: ["HealthSigKit"]),
        .executable(name: "healthsig", targets: ["healthsig"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .target(name: "DER"),
        .systemLibrary(
            name: "COpenSSL",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        .target(name: "CryptoBackend", dependencies: ["DER", "COpenSSL"]),
        .target(name: "CMS", dependencies: ["DER", "CryptoBackend"]),
        .target(name: "HealthSamples"),
        .target(name: "SampleSigning", dependencies: ["DER", "CMS", "CryptoBackend", "HealthSamples", "CZlib"]),
        .target(name: "SampleIO", dependencies: ["HealthSamples", "CZlib"]),
        .target(name: "HealthSigKit", dependencies: ["DER", "CMS", "CryptoBackend", "HealthSamples", "SampleSigning", "SampleIO"]),
        .executableTarget(
            name: "healthsig",
            dependencies: ["DER", "HealthSigKit", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .testTarget(name: "DERTests", dependencies: ["DER"]),
        .testTarget(name: "CryptoBackendTests", dependencies: ["CryptoBackend", "DER"]),
        .testTarget(name: "CMSTests", dependencies: ["CMS", "DER", "CryptoBackend"]),
        .testTarget(name: "HealthSamplesTests", dependencies: ["HealthSamples"]),
        .testTarget(name: "SampleSigningTests", dependencies: ["SampleSigning", "HealthSamples", "CMS", "DER", "CryptoBackend"]),
        .testTarget(name: "SampleIOTests", dependencies: ["SampleIO", "HealthSamples"]),
        .testTarget(name: "HealthSigKitTests", dependencies: ["HealthSigKit"]),
        .testTarget(name: "healthsigTests", dependencies: ["healthsig"]),
    ],
    swiftLanguageModes: [.v6]
)
