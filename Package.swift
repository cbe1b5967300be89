// swift-tools-version:6.0
import PackageDescription

// Layers, each depending only on those below it:
//   healthsig (command) → HealthSigKit (demo, bench, vectors check) → SampleIO, SampleSigning
//   → HealthSamples / CMS → CryptoBackend (+ COpenSSL) → DER → OwnedMemory (single-owner state,
//   thread-local values, the byte buffer and byte scan: where manual memory management lives)
// Beside the command, not linked into it: make-vectors → VectorGeneration → HealthSigKit, the
// maintainer tool that builds TestVectors/ (it shells out to `openssl` for key material).
let package = Package(
    name: "healthsig",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "OwnedMemory", targets: ["OwnedMemory"]),
        .library(name: "DER", targets: ["DER"]),
        .library(name: "CryptoBackend", targets: ["CryptoBackend"]),
        .library(name: "CMS", targets: ["CMS"]),
        .library(name: "HealthSamples", targets: ["HealthSamples"]),
        .library(name: "SampleSigning", targets: ["SampleSigning"]),
        .library(name: "SampleIO", targets: ["SampleIO"]),
        .library(name: "HealthSigKit", targets: ["HealthSigKit"]),
        .executable(name: "healthsig", targets: ["healthsig"]),
        .executable(name: "make-vectors", targets: ["make-vectors"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .target(name: "OwnedMemory"),
        .target(name: "DER", dependencies: ["OwnedMemory"]),
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
        .target(name: "CryptoBackend", dependencies: ["OwnedMemory", "DER", "COpenSSL"]),
        .target(name: "CMS", dependencies: ["OwnedMemory", "DER", "CryptoBackend"]),
        .target(name: "HealthSamples", dependencies: ["OwnedMemory"]),
        .target(name: "SampleSigning", dependencies: ["OwnedMemory", "DER", "CMS", "CryptoBackend", "HealthSamples", "CZlib"]),
        .target(name: "SampleIO", dependencies: ["OwnedMemory", "HealthSamples", "CZlib"]),
        .target(name: "HealthSigKit", dependencies: ["OwnedMemory", "DER", "CMS", "CryptoBackend", "HealthSamples", "SampleSigning", "SampleIO"]),
        .executableTarget(
            name: "healthsig",
            dependencies: ["DER", "CryptoBackend", "HealthSigKit", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .target(name: "VectorGeneration", dependencies: ["DER", "CMS", "CryptoBackend", "HealthSamples", "SampleSigning", "SampleIO", "HealthSigKit"]),
        .executableTarget(name: "make-vectors", dependencies: ["VectorGeneration", "SampleIO"]),
        .testTarget(name: "OwnedMemoryTests", dependencies: ["OwnedMemory"]),
        .testTarget(name: "DERTests", dependencies: ["DER"]),
        .testTarget(name: "CryptoBackendTests", dependencies: ["CryptoBackend", "DER"]),
        .testTarget(name: "CMSTests", dependencies: ["CMS", "DER", "CryptoBackend"]),
        .testTarget(name: "HealthSamplesTests", dependencies: ["HealthSamples"]),
        .testTarget(name: "SampleSigningTests", dependencies: ["SampleSigning", "HealthSamples", "CMS", "DER", "CryptoBackend"]),
        .testTarget(name: "SampleIOTests", dependencies: ["SampleIO", "HealthSamples"]),
        .testTarget(name: "HealthSigKitTests", dependencies: ["HealthSigKit", "VectorTestSupport"]),
        .testTarget(name: "healthsigTests", dependencies: ["healthsig"]),
        .testTarget(name: "VectorGenerationTests", dependencies: ["VectorGeneration", "HealthSigKit", "make-vectors", "VectorTestSupport"]),
        // Shared by the two vector test targets: paths and scratch copies of TestVectors/.
        .target(name: "VectorTestSupport", path: "Tests/VectorTestSupport"),
    ],
    swiftLanguageModes: [.v6]
)
