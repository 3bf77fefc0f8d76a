/* Internal error codes. Every firmware function that can fail returns one of these (negative)
 * or 0 / a non-negative result. They are deliberately not the SBI error numbers: only the ecall
 * shim (sbi_ecall.c, sbi_error_from_fw) turns them into SBI_ERR_*, so an internal code can never
 * leak to S mode by accident, and a code the shim does not know becomes SBI_ERR_FAILED. */
#ifndef FW_ERRORS_H
#define FW_ERRORS_H

enum fw_error {
  FW_OK = 0,
  FW_EINVAL = -1001,           /* a parameter is out of range or has reserved bits set */
  FW_ENOTSUP = -1002,          /* the function, event or operation is not available */
  FW_EADDR = -1003,            /* an address is outside S-mode RAM or has the wrong alignment class */
  FW_EALREADY_AVAILABLE = -1004, /* HSM: the hart is already started */
  FW_EALREADY_STARTED = -1005, /* PMU: a counter of the set was already running */
  FW_EALREADY_STOPPED = -1006, /* PMU: a counter of the set was already stopped */
  FW_ENOSHMEM = -1007,         /* PMU: a snapshot flag without snapshot memory */
  FW_EDENIED = -1008,          /* not permitted */
  FW_EFAIL = -1009,            /* an operation failed for another reason */
  FW_EDENIED_LOCKED = -1013,   /* FWFT: the feature is locked */
  FW_EBADDT = -1010,           /* internal: the device tree is malformed */
  FW_ENOENT = -1011,           /* internal: a device tree node or property is absent */
  FW_ETRAP = -1012,            /* internal: a guarded access or CSR probe trapped */
};

#define FW_MUST_CHECK __attribute__((warn_unused_result))

#endif
