/// Reading of trust files: PEM text holding any mix of `PUBLIC KEY` and `CERTIFICATE` blocks.
public enum PEMBundle {
    /// All items of `text`, in order.
    ///
    /// Text between blocks is ignored (comments are common in trust files).
    ///
    /// - Throws:
    ///   - `CryptoError.privateKeyNotAllowed` for any `... PRIVATE KEY` block: a trust file must
    ///     never contain one, and it is not loaded;
    ///   - `CryptoError.unsupportedKey` for public keys that are not P-256;
    ///   - `CryptoError.invalidPEM` for text without blocks, blocks OpenSSL cannot read, and
    ///     other labels;
    ///   - `CryptoError.invalidKey` / `invalidCertificate` for malformed contents.
    ///   Every message names the block number and line.
    public static func parse(_ text: String) throws -> [PEMItem] {
        var items: [PEMItem] = []
        let count = try PEMReader.forEachBlock(in: text) { block in
            do {
                items.append(try item(from: block))
            } catch let error as CryptoError {
                throw error.located(block.location)
            }
        }
        guard count > 0 else {
            throw CryptoError.invalidPEM("no PEM block found (expected PUBLIC KEY or CERTIFICATE blocks)")
        }
        return items
    }

    private static func item(from block: PEMBlockView) throws -> PEMItem {
        if PEMReader.isPrivateKeyLabel(block.label) {
            throw CryptoError.privateKeyNotAllowed("\(block.label) block in a trust bundle; only PUBLIC KEY and CERTIFICATE blocks may appear")
        }
        guard !block.hasHeaders else {
            throw CryptoError.invalidPEM("unexpected RFC 1421 headers in a \(block.label) block")
        }
        switch block.label {
        case "PUBLIC KEY":
            return .publicKey(try P256PublicKey(spkiDER: block.bytes))
        case "CERTIFICATE":
            return .certificate(try Certificate(derEncoded: block.bytes))
        case "RSA PUBLIC KEY":
            throw CryptoError.unsupportedKey("RSA public key")
        default:
            throw CryptoError.invalidPEM("unexpected \(block.label) block; only PUBLIC KEY and CERTIFICATE blocks may appear")
        }
    }
}
