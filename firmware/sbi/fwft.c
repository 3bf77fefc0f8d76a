/* FWFT (see fwft.h). The feature values live in the CSRs they control (medeleg, menvcfg), so
 * get reads the hardware; the firmware keeps only what the hardware cannot: which features
 * this hart can switch and which are locked. */
#include "sbi/fwft.h"

#include "hart/hart.h"
#include "lib/csr.h"
#include "lib/sbi.h"
#include "platform/platform.h"

#define MISALIGNED_DELEG (1UL << CAUSE_MISALIGNED_LOAD | 1UL << CAUSE_MISALIGNED_STORE)
/* menvcfg.ADUE (Svadu): bit 61, bit 29 of menvcfgh on RV32. */
#if __riscv_xlen == 64
#define ADUE_CSR CSR_MENVCFG
#define ADUE_BIT (1UL << 61)
#else
#define ADUE_CSR CSR_MENVCFGH
#define ADUE_BIT (1UL << 29)
#endif

struct fwft_hart {
  bool misaligned_deleg; /* medeleg's misaligned load/store bits are writable */
  bool adue;             /* menvcfg.ADUE is writable */
  uint32_t locked;       /* bit f: feature f (< 32) is locked until hart reset */
};

static struct fwft_hart harts[FW_MAX_HARTS];

static struct fwft_hart *self(void) { return &harts[csr_read(CSR_MHARTID)]; }

static void adue_write(bool on) {
  if (on) csr_set(ADUE_CSR, ADUE_BIT);
  else csr_clear(ADUE_CSR, ADUE_BIT);
  /* Translations cached with the other setting must not survive (Svadu). */
  __asm__ volatile("sfence.vma" ::: "memory");
}

void fwft_hart_reset(void) {
  struct fwft_hart *fh = self();
  unsigned long v;
  fh->locked = 0;
  csr_set(CSR_MEDELEG, MISALIGNED_DELEG);
  fh->misaligned_deleg = (csr_read(CSR_MEDELEG) & MISALIGNED_DELEG) == MISALIGNED_DELEG;
  csr_clear(CSR_MEDELEG, MISALIGNED_DELEG);
  /* menvcfg(h) may not exist at all (privileged spec before 1.12): probe it guarded. */
  fh->adue = false;
  if (CSR_READ_GUARDED(ADUE_CSR, &v) == FW_OK && CSR_WRITE_GUARDED(ADUE_CSR, v | ADUE_BIT) == FW_OK) {
    fh->adue = (csr_read(ADUE_CSR) & ADUE_BIT) != 0;
    adue_write(false);
  }
}

/* Whether `feature` is a defined local feature (0..5); the rest are reserved or platform
 * specific, and none of those is implemented. */
static bool defined(uint32_t feature) { return feature <= SBI_FWFT_POINTER_MASKING_PMLEN; }

static bool supported(const struct fwft_hart *fh, uint32_t feature) {
  if (feature == SBI_FWFT_MISALIGNED_EXC_DELEG) return fh->misaligned_deleg;
  if (feature == SBI_FWFT_PTE_AD_HW_UPDATING) return fh->adue;
  return false; /* no Zicfilp, Zicfiss, Ssdbltrp or Ssnpm here */
}

static int check(const struct fwft_hart *fh, uint32_t feature) {
  if (!defined(feature)) return FW_EDENIED;
  return supported(fh, feature) ? FW_OK : FW_ENOTSUP;
}

int fwft_get(uint32_t feature, unsigned long *value) {
  const struct fwft_hart *fh = self();
  int r = check(fh, feature);
  if (r < 0) return r;
  if (feature == SBI_FWFT_MISALIGNED_EXC_DELEG) *value = (csr_read(CSR_MEDELEG) & MISALIGNED_DELEG) != 0;
  else *value = (csr_read(ADUE_CSR) & ADUE_BIT) != 0;
  return FW_OK;
}

int fwft_set(uint32_t feature, unsigned long value, unsigned long flags) {
  struct fwft_hart *fh = self();
  int r = check(fh, feature);
  if (r < 0) return r;
  if (flags & ~SBI_FWFT_SET_FLAG_LOCK) return FW_EINVAL; /* BIT[XLEN-1:1] must be zero */
  if ((fh->locked >> feature) & 1) return FW_EDENIED_LOCKED;
  if (value > 1) return FW_EINVAL; /* both features take 0 or 1 */
  if (feature == SBI_FWFT_MISALIGNED_EXC_DELEG) {
    if (value) csr_set(CSR_MEDELEG, MISALIGNED_DELEG);
    else csr_clear(CSR_MEDELEG, MISALIGNED_DELEG);
  } else {
    adue_write(value != 0);
  }
  if (flags & SBI_FWFT_SET_FLAG_LOCK) fh->locked |= 1u << feature;
  return FW_OK;
}
