import COpenSSL

/// How libcrypto is set up for a command-line process.
public enum OpenSSLProcessSetup {
    /// Initialises libcrypto without registering its `atexit` clean-up. A process that exits
    /// while one of its threads is still being torn down (a worker's thread-local OpenSSL state
    /// freed by its destructor) would otherwise free the same global state twice, from the exit
    /// handler and from the thread: glibc then aborts with "double free or corruption". Exiting
    /// returns all memory anyway, so the clean-up buys nothing for a command.
    ///
    /// Must run before any other libcrypto call: the first initialisation decides, and a later
    /// call cannot take back an `atexit` registration. Returns whether libcrypto accepted it.
    @discardableResult
    public static func initialiseWithoutExitCleanup() -> Bool {
        OPENSSL_init_crypto(UInt64(OPENSSL_INIT_NO_ATEXIT), nil) == 1
    }
}
