#ifndef HEALTHSIG_COPENSSL_SHIM_H
#define HEALTHSIG_COPENSSL_SHIM_H

/*
 * Hide every API that OpenSSL 3.0 deprecated (EC_KEY_*, ECDSA_do_sign, SHA256_Init, ...), so
 * using one is a compile error rather than a warning: CryptoBackend must stay on the EVP /
 * provider APIs.
 */
#ifndef OPENSSL_API_COMPAT
#define OPENSSL_API_COMPAT 30000
#endif
#ifndef OPENSSL_NO_DEPRECATED
#define OPENSSL_NO_DEPRECATED 1
#endif

#include <openssl/evp.h>
#include <openssl/ec.h>
#include <openssl/ecdsa.h>
#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <openssl/x509_vfy.h>
#include <openssl/bn.h>
#include <openssl/bio.h>
#include <openssl/sha.h>
#include <openssl/rand.h>
#include <openssl/core_names.h>
#include <openssl/param_build.h>
#include <openssl/pkcs12.h>
#include <openssl/crypto.h>
#include <openssl/obj_mac.h>

/*
 * Swift cannot import function-like macros or macros built from several others, so the few
 * that CryptoBackend needs are re-exported here as inline functions.
 */

/* X509_NAME_print_ex flags: RFC 2253 one-line form, but UTF-8 kept as UTF-8 (no \XX escapes). */
static inline unsigned long healthsig_name_print_flags(void) {
    return XN_FLAG_RFC2253 & ~ASN1_STRFLGS_ESC_MSB;
}

/* Key selections for EVP_PKEY_fromdata. */
static inline int healthsig_selection_public_key(void) { return EVP_PKEY_PUBLIC_KEY; }
static inline int healthsig_selection_keypair(void) { return EVP_PKEY_KEYPAIR; }

/* MBSTRING_UTF8 for X509_NAME_add_entry_by_txt. */
static inline int healthsig_mbstring_utf8(void) { return MBSTRING_UTF8; }

/* OPENSSL_free / OPENSSL_clear_free are macros that pass __FILE__ / __LINE__. */
static inline void healthsig_free(void *pointer) { OPENSSL_free(pointer); }
static inline void healthsig_clear_free(void *pointer, size_t length) {
    OPENSSL_clear_free(pointer, length);
}

/*
 * OpenSSL keeps the *pointers* it is given for parameter names and values (OSSL_PARAM_BLD keeps
 * them until OSSL_PARAM_BLD_to_param, the resulting OSSL_PARAM array keeps the key pointers,
 * and EVP_PKEY_CTX_new_from_name keeps the key type name). Strings bridged from Swift are
 * temporaries, so everything that needs a string with static storage is done here, with C
 * string literals.
 */

/* A context for the EC key type ("EC" has static storage). */
static inline EVP_PKEY_CTX *healthsig_ec_pkey_ctx_new(void) {
    return EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL);
}

/*
 * Parameters for EVP_PKEY_fromdata describing a P-256 key: named curve prime256v1, named-curve
 * encoding, uncompressed point format, the public point `pub` (SEC 1 encoded), and, when
 * `priv` is not NULL, the private scalar. Returns NULL on failure; free with OSSL_PARAM_free
 * after wiping.
 */
static inline OSSL_PARAM *healthsig_p256_params(const BIGNUM *priv, const unsigned char *pub, size_t pub_len) {
    OSSL_PARAM *params = NULL;
    OSSL_PARAM_BLD *builder = OSSL_PARAM_BLD_new();
    if (builder == NULL)
        return NULL;
    if (OSSL_PARAM_BLD_push_utf8_string(builder, OSSL_PKEY_PARAM_GROUP_NAME, SN_X9_62_prime256v1, 0)
        && OSSL_PARAM_BLD_push_utf8_string(builder, OSSL_PKEY_PARAM_EC_ENCODING, OSSL_PKEY_EC_ENCODING_GROUP, 0)
        && OSSL_PARAM_BLD_push_utf8_string(builder, OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT,
                                           OSSL_PKEY_EC_POINT_CONVERSION_FORMAT_UNCOMPRESSED, 0)
        && OSSL_PARAM_BLD_push_octet_string(builder, OSSL_PKEY_PARAM_PUB_KEY, pub, pub_len)
        && (priv == NULL || OSSL_PARAM_BLD_push_BN(builder, OSSL_PKEY_PARAM_PRIV_KEY, priv)))
        params = OSSL_PARAM_BLD_to_param(builder);
    OSSL_PARAM_BLD_free(builder);
    return params;
}

/*
 * PKCS#11 keys (keys that never leave a token), through libp11's "pkcs11" engine
 * (libengine-pkcs11-openssl): Debian bookworm has no pkcs11-provider, so the ENGINE API is the
 * way OpenSSL 3.0 reaches a token here. The ENGINE API is deprecated in 3.0 and hidden above by
 * OPENSSL_NO_DEPRECATED, so the six functions used are declared here by hand, exactly as
 * <openssl/engine.h> declares them (they are still exported by libcrypto 3), and CryptoBackend
 * calls only the healthsig_pkcs11_* helpers below.
 */
ENGINE *ENGINE_by_id(const char *id);
int ENGINE_init(ENGINE *e);
int ENGINE_finish(ENGINE *e);
int ENGINE_free(ENGINE *e);
int ENGINE_ctrl_cmd_string(ENGINE *e, const char *cmd_name, const char *arg, int cmd_optional);
EVP_PKEY *ENGINE_load_private_key(ENGINE *e, const char *key_id, UI_METHOD *ui_method, void *callback_data);

/*
 * A functional reference to the pkcs11 engine driving the PKCS#11 module at `module_path`
 * (loaded from OpenSSL's engines directory), with the token PIN set when `pin` is not NULL, so
 * the engine never prompts. "QUIET" is optional (older libp11 lacks it): it stops the engine
 * printing its own messages on standard error; the error queue says what went wrong. Returns
 * NULL on failure (the error queue says why). Release with healthsig_pkcs11_engine_release.
 */
static inline ENGINE *healthsig_pkcs11_engine_open(const char *module_path, const char *pin) {
    ENGINE *engine = ENGINE_by_id("pkcs11");
    if (engine == NULL)
        return NULL;
    ENGINE_ctrl_cmd_string(engine, "QUIET", NULL, 1);
    if (!ENGINE_ctrl_cmd_string(engine, "MODULE_PATH", module_path, 0)) {
        ENGINE_free(engine);
        return NULL;
    }
    if (!ENGINE_init(engine)) {
        ENGINE_free(engine);
        return NULL;
    }
    /* The structural reference from ENGINE_by_id is no longer needed: ENGINE_init holds a functional one. */
    ENGINE_free(engine);
    if (pin != NULL && !ENGINE_ctrl_cmd_string(engine, "PIN", pin, 0)) {
        ENGINE_finish(engine);
        return NULL;
    }
    return engine;
}

/* Drops the functional reference of healthsig_pkcs11_engine_open. */
static inline void healthsig_pkcs11_engine_release(ENGINE *engine) { ENGINE_finish(engine); }

/*
 * The private key `uri` names (RFC 7512), as an EVP_PKEY whose operations run in the token.
 * No UI method: the PIN was given to the engine beforehand, so nothing is ever prompted for.
 */
static inline EVP_PKEY *healthsig_pkcs11_load_private_key(ENGINE *engine, const char *uri) {
    return ENGINE_load_private_key(engine, uri, NULL, NULL);
}


#endif
