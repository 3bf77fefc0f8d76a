/* Address translation (Sv32, Sv39; privileged spec 4.3-4.4), the software TLB, and the slow
 * paths of loads, stores and atomics. A and D bits are updated by the walker (the spec's
 * hardware-update option), so no fault is raised for them. Every physical access, page-table
 * reads and A/D updates included, is checked against the PMP (hart/pmp.h); the TLB holds only
 * pages the PMP allows whole, so its hits need no check. */
#include <string.h>

#include "hart/hart.h"
#include "hart/model_hits.h"
#include "machine.h"

#define PTE_V (1ull << 0)
#define PTE_R (1ull << 1)
#define PTE_W (1ull << 2)
#define PTE_X (1ull << 3)
#define PTE_U (1ull << 4)
#define PTE_A (1ull << 6)
#define PTE_D (1ull << 7)
#define SATP64_MODE_SV39 8ull
#define SV39_RESERVED_BITS (0x3ffull << 54) /* PBMT, N and reserved: must be 0 (no Svpbmt/Svnapot) */

static int page_fault(enum access a) {
  return a == ACCESS_FETCH ? EXC_INSN_PAGE_FAULT : a == ACCESS_LOAD ? EXC_LOAD_PAGE_FAULT : EXC_STORE_PAGE_FAULT;
}

static int access_fault(enum access a) {
  return a == ACCESS_FETCH ? EXC_INSN_ACCESS : a == ACCESS_LOAD ? EXC_LOAD_ACCESS : EXC_STORE_ACCESS;
}

static unsigned effective_priv(const struct hart *h, enum access a) {
  if (a != ACCESS_FETCH && h->priv == PRIV_M && (h->mstatus & MSTATUS_MPRV))
    return (unsigned)((h->mstatus & MSTATUS_MPP) >> MSTATUS_MPP_SHIFT);
  return h->priv;
}

static bool translation_on(const struct hart *h, unsigned priv) {
  if (priv == PRIV_M) return false;
  return h->xlen == 64 ? (h->satp >> 60) == SATP64_MODE_SV39 : (h->satp >> 31) != 0;
}

bool hart_translates(const struct hart *h, enum access a) { return translation_on(h, effective_priv(h, a)); }

/* The PMP permission an access kind needs. */
static unsigned pmp_perm(enum access a) { return a == ACCESS_FETCH ? PMP_X : a == ACCESS_LOAD ? PMP_R : PMP_W; }

/* Checks a leaf PTE's permissions for `a` in `priv` (4.3.2 steps 5-6). */
static bool leaf_allows(const struct hart *h, uint64_t pte, enum access a, unsigned priv) {
  if (priv == PRIV_U && !(pte & PTE_U)) return false;
  if (priv == PRIV_S && (pte & PTE_U) && (a == ACCESS_FETCH || !(h->mstatus & MSTATUS_SUM))) return false;
  switch (a) {
    case ACCESS_FETCH: return (pte & PTE_X) != 0;
    case ACCESS_LOAD: return (pte & PTE_R) || ((h->mstatus & MSTATUS_MXR) && (pte & PTE_X));
    default: return (pte & PTE_W) != 0;
  }
}

/* Page-table walk; returns 0 with *pa, or a fault cause. */
static int walk(struct hart *h, uint64_t va, enum access a, unsigned priv, uint64_t *pa) {
  struct bus *bus = &h->machine->bus;
  unsigned levels, vpn_bits, pte_size;
  uint64_t root_ppn;
  if (h->xlen == 64) {
    /* Sv39: bits 63..39 must equal bit 38. */
    if ((uint64_t)((int64_t)(va << 25) >> 25) != va) return page_fault(a);
    levels = 3, vpn_bits = 9, pte_size = 8, root_ppn = h->satp & ((1ull << 44) - 1);
  } else {
    levels = 2, vpn_bits = 10, pte_size = 4, root_ppn = h->satp & ((1ull << 22) - 1);
  }
  uint64_t table = root_ppn << PAGE_SHIFT;
  for (int level = (int)levels - 1; level >= 0; level--) {
    uint64_t vpn = (va >> (PAGE_SHIFT + level * vpn_bits)) & ((1ull << vpn_bits) - 1);
    uint64_t pte_addr = table + vpn * pte_size, pte;
    /* The walk's accesses are checked as S-mode ones (3.7.1). */
    if (!pmp_allows(&h->pmp, pte_addr, pte_size, PMP_R, PRIV_S) || bus_read(bus, pte_addr, pte_size, &pte) != 0)
      return access_fault(a);
    if (!(pte & PTE_V) || (!(pte & PTE_R) && (pte & PTE_W))) return page_fault(a);
    if (h->xlen == 64 && (pte & SV39_RESERVED_BITS)) return page_fault(a);
    uint64_t ppn = h->xlen == 64 ? (pte >> 10) & ((1ull << 44) - 1) : (pte >> 10) & ((1ull << 22) - 1);
    if (!(pte & (PTE_R | PTE_X))) { /* pointer to the next level */
      if (pte & (PTE_A | PTE_D | PTE_U)) return page_fault(a);
      table = ppn << PAGE_SHIFT;
      continue;
    }
    if (!leaf_allows(h, pte, a, priv)) return page_fault(a);
    uint64_t low_mask = (1ull << (level * vpn_bits)) - 1; /* superpage: low PPN bits must be 0 */
    if (ppn & low_mask) return page_fault(a);
    uint64_t want = PTE_A | (a == ACCESS_STORE ? PTE_D : 0);
    if ((pte & want) != want) {
      if (!(h->menvcfg & ENVCFG_ADUE)) return page_fault(a); /* Svade: software sets A/D */
      if (!pmp_allows(&h->pmp, pte_addr, pte_size, PMP_W, PRIV_S) || bus_write(bus, pte_addr, pte_size, pte | want) != 0)
        return access_fault(a);
    }
    *pa = ((ppn | ((va >> PAGE_SHIFT) & low_mask)) << PAGE_SHIFT) | (va & (PAGE_SIZE - 1));
    return 0;
  }
  return page_fault(a);
}

/* hart_translate for an access of `len` bytes (the PMP checks all of them). */
static int translate(struct hart *h, uint64_t va, enum access a, unsigned len, uint64_t *pa) {
  unsigned priv = effective_priv(h, a);
  int r = 0;
  if (translation_on(h, priv)) r = walk(h, va, a, priv, pa);
  else *pa = va;
  if (r) return r;
  if (!pmp_allows(&h->pmp, *pa, len, pmp_perm(a), priv)) return access_fault(a);
  /* Fill the TLB for RAM pages the PMP allows whole only (devices always take the slow path),
   * and never the store TLB for pages with a RAM device (HTIF tohost: bus_add_ram_device). */
  struct bus *bus = &h->machine->bus;
  uint64_t page_pa = *pa & ~(PAGE_SIZE - 1);
  uint8_t *host = bus_ram_ptr(bus, page_pa, PAGE_SIZE);
  if (host && !(a == ACCESS_STORE && bus->watched[(page_pa - bus->ram_base) >> PAGE_SHIFT]) &&
      pmp_allows(&h->pmp, page_pa, PAGE_SIZE, pmp_perm(a), priv)) {
    struct tlb_entry *e = &h->tlb[priv][a][(va >> PAGE_SHIFT) & (TLB_SIZE - 1)];
    if (a != ACCESS_FETCH && e->vpage != TLB_INVALID && e->vpage != (va & ~(PAGE_SIZE - 1)))
      hart_data_lines_forget(h); /* the line TLB's lines of the page it held */
    e->vpage = va & ~(PAGE_SIZE - 1);
    e->addend = (uintptr_t)host - (uintptr_t)(va & ~(PAGE_SIZE - 1));
    e->pa_delta = page_pa - (va & ~(PAGE_SIZE - 1));
  }
  return 0;
}

/* Fetch parcels are 2 bytes at even addresses: with PMP boundaries at multiples of 4, checking
 * the first byte checks both. */
int hart_translate(struct hart *h, uint64_t va, enum access a, uint64_t *pa) { return translate(h, va, a, 1, pa); }

/* A load or store that is not naturally aligned, on a core that splits it in hardware: done
 * byte by byte (each byte translated and checked first, so a page, PMP or RAM boundary in it
 * faults precisely, before any byte is written), costing the
 * profile's misaligned_extra when it crosses a 32-bit word (a second bus transaction). */
static int misaligned_access(struct hart *h, uint64_t va, unsigned size, uint64_t *value, bool store) {
  enum access a = store ? ACCESS_STORE : ACCESS_LOAD;
  uint64_t pa[8], v = store ? *value : 0;
  for (unsigned i = 0; i < size; i++) {
    uint64_t byte_va = h->xlen == 32 ? (uint32_t)(va + i) : va + i;
    int r = hart_translate(h, byte_va, a, &pa[i]);
    if (r) return r;
  }
  /* Nothing is done unless every byte is there: a store that runs off RAM writes nothing. */
  for (unsigned i = 0; i < size; i++)
    if (!bus_maps(&h->machine->bus, pa[i], 1)) return store ? EXC_STORE_ACCESS : EXC_LOAD_ACCESS;
  for (unsigned i = 0; i < size; i++) {
    uint64_t b = (v >> (8 * i)) & 0xff;
    int r = store ? bus_write(&h->machine->bus, pa[i], 1, b) : bus_read(&h->machine->bus, pa[i], 1, &b);
    if (r == BUS_FAULT) return store ? EXC_STORE_ACCESS : EXC_LOAD_ACCESS;
    if (!store) v |= b << (8 * i);
  }
  if (!store) *value = v;
  if ((va & 3) + size > 4) {
    hart_add_timing(h, &h->machine->profile->misaligned_extra);
    hart_add_events(h, EV_BIT(store ? EV_STORE_ACCESSES : EV_LOAD_ACCESSES), 1);
  }
  return 0;
}

/* A load or store refused with an access fault (`which`: profile.access_fault) costs what
 * the access took before the trap. */
static void access_fault_cost(struct hart *h, enum access_fault_kind which, bool store) {
  const struct profile *p = h->machine->profile;
  hart_add_timing(h, &p->access_fault[which]);
  if (p->access_fault_counts)
    hart_add_events(h, store ? EV_BIT(EV_STORES) | EV_BIT(EV_STORE_ACCESSES) : EV_BIT(EV_LOADS) | EV_BIT(EV_LOAD_ACCESSES), 1);
}

/* A misaligned access as two word accesses (profile.misaligned_word_parts, Ibex's LSU): the
 * bytes in the first word, then those in the next, each checked (PMP, bus) and made on its
 * own, so a store whose other part faults is still partly written. A load writes no register
 * if either part faults. The first faulting part decides the result: the cause for the
 * access's address, or with FAULT_SECOND_WORD that of the second word (rtl/
 * ibex_load_store_unit.sv: addr_last). An access within one word is one part. */
static int misaligned_word_parts(struct hart *h, uint64_t va, unsigned size, uint64_t *value, bool store) {
  enum access a = store ? ACCESS_STORE : ACCESS_LOAD;
  int fault = store ? EXC_STORE_ACCESS : EXC_LOAD_ACCESS, result = 0;
  bool pmp_refused = false;
  uint64_t v = store ? *value : 0;
  unsigned first_len = 4 - (unsigned)(va & 3), done = 0;
  if (first_len > size) first_len = size;
  for (unsigned part = 0; part < 2 && done < size; part++) {
    unsigned len = part ? size - done : first_len;
    uint64_t part_va = h->xlen == 32 ? (uint32_t)(va + done) : va + done, pa;
    /* One check covers the part: it lies in one word, and PMP regions are whole words. */
    int r = hart_translate(h, part_va, a, &pa);
    pmp_refused |= r != 0;
    if (!r && !bus_maps(&h->machine->bus, pa, len)) r = fault;
    for (unsigned i = 0; !r && i < len; i++) {
      uint64_t b = (v >> (8 * (done + i))) & 0xff;
      int br = store ? bus_write(&h->machine->bus, pa + i, 1, b) : bus_read(&h->machine->bus, pa + i, 1, &b);
      if (br == BUS_FAULT) r = fault;
      else if (!store) v |= b << (8 * (done + i));
    }
    if (r && !result) result = part ? r | FAULT_SECOND_WORD : r;
    done += len;
  }
  if (result) {
    bool crosses = (va & 3) + size > 4;
    enum access_fault_kind kind = crosses ? (pmp_refused ? ACCESS_FAULT_MISALIGNED_PMP : ACCESS_FAULT_MISALIGNED_BUS)
                                          : (pmp_refused ? ACCESS_FAULT_PMP : ACCESS_FAULT_BUS);
    access_fault_cost(h, kind, store);
    return result;
  }
  if (!store) *value = v;
  if ((va & 3) + size > 4) {
    hart_add_timing(h, &h->machine->profile->misaligned_extra);
    hart_add_events(h, EV_BIT(store ? EV_STORE_ACCESSES : EV_LOAD_ACCESSES), 1);
  }
  return 0;
}

/* Translation of a data access: through the real TLB first when a data_access model keeps
 * the fast path's TLB empty (hart.tlb_load_model), else by hart_translate. */
static int translate_data(struct hart *h, uint64_t va, enum access a, unsigned size, uint64_t *pa) {
  const struct tlb_entry *tlb = a == ACCESS_LOAD ? h->tlb_load_model : h->tlb_store_model;
  if (tlb) {
    const struct tlb_entry *e = &tlb[(va >> PAGE_SHIFT) & (TLB_SIZE - 1)];
    if (e->vpage == (va & ~(PAGE_SIZE - 1))) {
      *pa = va + e->pa_delta;
      return 0;
    }
  }
  return translate(h, va, a, size, pa);
}

/* Tells the profile's data model (if it runs) about a completed access. */
static void data_access(struct hart *h, uint64_t va, uint64_t pa, unsigned size, bool store) {
  if (h->model_data)
    h->machine->profile->data_access(h, va, pa, size, store, !bus_ram_ptr(&h->machine->bus, pa, size));
}

void hart_data_model(struct hart *h, uint64_t va, uint64_t pa, unsigned size, bool store) {
  h->machine->profile->data_access(h, va, pa, size, store, false);
}

static int load_slow(struct hart *h, uint64_t va, unsigned size, uint64_t *value) {
  if (va & (size - 1)) {
    const struct profile *p = h->machine->profile;
    if (p->misaligned_word_parts) return misaligned_word_parts(h, va, size, value, false);
    if (p->misaligned_in_hardware) return misaligned_access(h, va, size, value, false);
    return EXC_LOAD_MISALIGNED;
  }
  uint64_t pa;
  int r = translate_data(h, va, ACCESS_LOAD, size, &pa);
  if (r == 0 && bus_read(&h->machine->bus, pa, size, value) != 0) {
    access_fault_cost(h, ACCESS_FAULT_BUS, false);
    return EXC_LOAD_ACCESS;
  }
  if (r) {
    if (r == EXC_LOAD_ACCESS) access_fault_cost(h, ACCESS_FAULT_PMP, false);
    return r;
  }
  data_access(h, va, pa, size, false);
  return 0;
}

static int store_slow(struct hart *h, uint64_t va, unsigned size, uint64_t value) {
  if (va & (size - 1)) {
    const struct profile *p = h->machine->profile;
    if (p->misaligned_word_parts) return misaligned_word_parts(h, va, size, &value, true);
    if (p->misaligned_in_hardware) return misaligned_access(h, va, size, &value, true);
    return EXC_STORE_MISALIGNED;
  }
  uint64_t pa;
  int r = translate_data(h, va, ACCESS_STORE, size, &pa);
  if (r == 0) {
    r = bus_write(&h->machine->bus, pa, size, value);
    if (r != BUS_FAULT) {
      data_access(h, va, pa, size, true);
      return r;
    }
    access_fault_cost(h, ACCESS_FAULT_BUS, true);
    return EXC_STORE_ACCESS;
  }
  if (r == EXC_STORE_ACCESS) access_fault_cost(h, ACCESS_FAULT_PMP, true);
  return r;
}

/* The LOAD_DO / STORE_DO handlers' slow paths: an access that completes was counted through
 * the model here, so the static events its block holds for it are taken back
 * (hart/model_hits.h, "Static counts"); one that faults does not retire. */
int hart_load_slow(struct hart *h, uint64_t va, unsigned size, uint64_t *value) {
  int r = load_slow(h, va, size, value);
  if (r == 0) model_data_unstatic(h, false);
  return r;
}

int hart_store_slow(struct hart *h, uint64_t va, unsigned size, uint64_t value) {
  int r = store_slow(h, va, size, value);
  if (r == 0 || r == BUS_BREAK) model_data_unstatic(h, true);
  return r;
}

int hart_cbo(struct hart *h, const struct insn *in, uint64_t va) {
  bool inval = in->imm == 0;
  uint64_t need = inval ? ENVCFG_CBIE : ENVCFG_CBCFE;
  /* Less privileged modes need the enable of every mode above them (CMO spec 2.5.1/2.5.2); an
   * enabled CBO.INVAL that some level turns into a flush (CBIE = 01) flushes. */
  bool flush_instead = false;
  if (h->priv < PRIV_M) {
    if (!(h->menvcfg & need)) return EXC_ILLEGAL_INSN;
    flush_instead |= inval && (h->menvcfg & ENVCFG_CBIE) == ENVCFG_CBIE_FLUSH;
  }
  if (h->priv < PRIV_S && h->machine->profile->has_s_mode) {
    if (!(h->senvcfg & need)) return EXC_ILLEGAL_INSN;
    flush_instead |= inval && (h->senvcfg & ENVCFG_CBIE) == ENVCFG_CBIE_FLUSH;
  }
  if (h->xlen == 32) va = (uint32_t)va;
  uint64_t pa;
  if (hart_translate(h, va, ACCESS_LOAD, &pa) != 0) {
    int r = hart_translate(h, va, ACCESS_STORE, &pa);
    if (r) return r;
  }
  const struct profile *p = h->machine->profile;
  if (p->cache_block_op) p->cache_block_op(h, flush_instead ? CBO_FLUSH : (enum cbo_kind)in->imm, pa);
  return 0;
}

int hart_cbo_zero(struct hart *h, uint64_t va) {
  /* Less privileged modes need CBZE of every mode above them (CMO spec 2.5.3). */
  if (h->priv < PRIV_M && !(h->menvcfg & ENVCFG_CBZE)) return EXC_ILLEGAL_INSN;
  if (h->priv < PRIV_S && h->machine->profile->has_s_mode && !(h->senvcfg & ENVCFG_CBZE)) return EXC_ILLEGAL_INSN;
  unsigned bytes = h->machine->profile->cboz_block_bytes;
  if (h->xlen == 32) va = (uint32_t)va;
  uint64_t base = va & ~(uint64_t)(bytes - 1), pa;
  /* One block lies in one page: a single translation, checked as a store of the whole block;
   * only RAM can be zeroed. */
  int r = translate(h, base, ACCESS_STORE, bytes, &pa);
  if (r) return r;
  uint8_t *p = bus_ram_ptr(&h->machine->bus, pa, bytes);
  if (!p || h->machine->bus.watched[(pa - h->machine->bus.ram_base) >> PAGE_SHIFT]) return EXC_STORE_ACCESS;
  memset(p, 0, bytes);
  data_access(h, base, pa, bytes, true); /* one write of a whole line */
  return 0;
}

static void write_rd(struct hart *h, unsigned rd, uint64_t value) {
  h->x[rd == 0 ? REG_SINK : rd] = h->xlen == 32 ? (uint32_t)value : value;
}

/* AMO funct5 codes (unprivileged spec, "A" extension). */
enum { AMO_ADD = 0x00, AMO_SWAP = 0x01, AMO_LR = 0x02, AMO_SC = 0x03, AMO_XOR = 0x04, AMO_OR = 0x08,
       AMO_AND = 0x0c, AMO_MIN = 0x10, AMO_MAX = 0x14, AMO_MINU = 0x18, AMO_MAXU = 0x1c };

int hart_amo(struct hart *h, const struct insn *in, unsigned size) {
  uint64_t va = h->x[in->rs1], src = h->x[in->rs2], pa;
  if (h->xlen == 32) va = (uint32_t)va;
  unsigned f5 = (unsigned)in->imm;
  bool is_lr = f5 == AMO_LR;
  if (va & (size - 1)) return is_lr ? EXC_LOAD_MISALIGNED : EXC_STORE_MISALIGNED;
  int r = translate_data(h, va, is_lr ? ACCESS_LOAD : ACCESS_STORE, size, &pa);
  if (r) return r;
  uint8_t *p = bus_ram_ptr(&h->machine->bus, pa, size);
  if (!p) return is_lr ? EXC_LOAD_ACCESS : EXC_STORE_ACCESS; /* no atomics on devices */
  int64_t old;
  if (size == 4) {
    int32_t w;
    memcpy(&w, p, 4);
    old = w;
  } else {
    memcpy(&old, p, 8);
  }
  if (is_lr) {
    h->reservation = pa;
    write_rd(h, in->rd, (uint64_t)old);
    data_access(h, va, pa, size, false);
    return 0;
  }
  if (f5 == AMO_SC) {
    bool ok = h->reservation == pa;
    h->reservation = ~0ull;
    if (ok) memcpy(p, &src, size);
    write_rd(h, in->rd, ok ? 0 : 1);
    if (ok) data_access(h, va, pa, size, true); /* a failed SC writes nothing */
    return 0;
  }
  int64_t b = size == 4 ? (int64_t)(int32_t)src : (int64_t)src;
  uint64_t ua = size == 4 ? (uint32_t)old : (uint64_t)old, ub = size == 4 ? (uint32_t)src : src;
  int64_t result;
  switch (f5) {
    case AMO_ADD: result = (int64_t)((uint64_t)old + (uint64_t)b); break;
    case AMO_SWAP: result = b; break;
    case AMO_XOR: result = old ^ b; break;
    case AMO_OR: result = old | b; break;
    case AMO_AND: result = old & b; break;
    case AMO_MIN: result = old < b ? old : b; break;
    case AMO_MAX: result = old > b ? old : b; break;
    case AMO_MINU: result = ua < ub ? old : b; break;
    default: result = ua > ub ? old : b; break; /* AMO_MAXU; the decoder admits no others */
  }
  memcpy(p, &result, size);
  write_rd(h, in->rd, (uint64_t)old);
  data_access(h, va, pa, size, false);
  data_access(h, va, pa, size, true);
  return 0;
}
