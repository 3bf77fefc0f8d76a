/* Decoder tests (src/isa/decode.c, insn_decode).
 *
 * Spec statements covered (RISC-V unprivileged ISA 20191213 and later):
 * - RV32I/RV64I base formats: the R/I/S/B/U/J immediates are sign-extended from bit 31, B and J
 *   offsets are multiples of 2 (ch. 2.3, 2.5); a representative of every operation the
 *   simulator decodes (every OP in src/isa/ops.def but END_BLOCK) has its exact fields checked.
 * - RV64I (ch. 5): LD, SD, LWU, the *W operations and 6-bit shift amounts exist only on RV64;
 *   on RV32 a shift with shamt[5] = 1 is reserved (ch. 2.4.1).
 * - M (ch. 7), A (ch. 8: LR requires rs2 = 0, the funct5 selects the AMO), Zicsr (the CSR number
 *   is the unsigned 12-bit field), Zifencei, the privileged ECALL/EBREAK/MRET/SRET/WFI/SFENCE.VMA.
 * - C (ch. 16): every RV64C/RV32C instruction expands to its base operation with the scaled
 *   immediates of its format; C.JAL only on RV32, C.ADDIW/C.LD/C.SD/C.LDSP/C.SDSP/C.SUBW/C.ADDW
 *   only on RV64 (the RV32 slots are C.FLW... without F); reserved: the all-zero parcel,
 *   C.ADDI4SPN with nzuimm = 0, C.ADDI16SP with nzimm = 0, C.LUI with nzimm = 0, C.LWSP/C.LDSP
 *   with rd = x0, C.JR with rs1 = x0, C.ADDIW with rd = x0, the two reserved CA encodings, and
 *   on RV32C shifts with shamt[5] = 1.
 * - Decoder contract (src/isa/insn.h): rd = x0 becomes REG_SINK except for CSR instructions
 *   (which must know rd was x0); 16-bit instructions carry CLS_COMPRESSED and their 16-bit raw
 *   encoding; cls equals the ops.def class bits otherwise.
 *
 * - Zba, Zbb, Zbc, Zbs (bit-manipulation spec 1.0.0, RV32 encodings) and Zicbom (CMO spec 1.0:
 *   CBO.INVAL/CLEAN/FLUSH = MISC-MEM funct3 2 with imm 0/1/2 and rd = 0) decode only when
 *   enabled (insn_decode_ext), each extension only its own instructions; the Zb* ones only on
 *   RV32 (this decoder does not implement their RV64 forms); without them they are illegal.
 *
 * Every encoding below was produced by riscv64-unknown-elf-as 2.40 and checked with objdump -d
 * -M no-aliases; offsets of branches and jumps are written relative to the instruction
 * ("." in the assembler source). */
#include "unit_util.h"

#include "isa/crypto.h"
#include "isa/insn.h"

#define S REG_SINK
#define X32 1u
#define X64 2u
#define XB (X32 | X64)

struct dcase {
  uint32_t raw;
  unsigned xlens; /* X32, X64 or XB: the XLENs this expectation holds for */
  enum op op;
  unsigned rd, rs1, rs2;
  int32_t imm;
};

/* 32-bit encodings. */
static const struct dcase base_cases[] = {
    {0x12345537, XB, OP_LUI, 10, 0, 0, 0x12345000},     /* lui a0, 0x12345 */
    {0xfffff597, XB, OP_AUIPC, 11, 0, 0, -4096},        /* auipc a1, 0xfffff */
    {0x80000537, XB, OP_LUI, 10, 0, 0, INT32_MIN},      /* lui a0, 0x80000 */
    {0x00001037, XB, OP_LUI, S, 0, 0, 0x1000},          /* lui x0, 1 (HINT: rd x0 -> sink) */
    {0x801ff0ef, XB, OP_JAL, 1, 0, 0, -2048},           /* jal ra, .-2048 */
    {0x7ffff06f, XB, OP_JAL, S, 0, 0, 0xffffe},         /* jal x0, .+0xffffe (largest J offset) */
    {0x8000006f, XB, OP_JAL, S, 0, 0, -0x100000},       /* jal x0, .-0x100000 (smallest) */
    {0xff8502e7, XB, OP_JALR, 5, 10, 0, -8},            /* jalr t0, -8(a0) */
    {0x00008067, XB, OP_JALR, S, 1, 0, 0},              /* jalr x0, 0(ra) */
    {0xfeb508e3, XB, OP_BEQ, S, 10, 11, -16},           /* beq a0, a1, .-16 */
    {0x7e941fe3, XB, OP_BNE, S, 8, 9, 4094},            /* bne s0, s1, .+4094 (largest B offset) */
    {0x80d64063, XB, OP_BLT, S, 12, 13, -4096},         /* blt a2, a3, .-4096 (smallest) */
    {0x00f75463, XB, OP_BGE, S, 14, 15, 8},             /* bge a4, a5, .+8 */
    {0xfe62efe3, XB, OP_BLTU, S, 5, 6, -2},             /* bltu t0, t1, .-2 */
    {0x01c3f0e3, XB, OP_BGEU, S, 7, 28, 2048},          /* bgeu t2, t3, .+2048 */
    {0xfff58503, XB, OP_LB, 10, 11, 0, -1},             /* lb a0, -1(a1) */
    {0x7ff69603, XB, OP_LH, 12, 13, 0, 2047},           /* lh a2, 2047(a3) */
    {0x8007a703, XB, OP_LW, 14, 15, 0, -2048},          /* lw a4, -2048(a5) */
    {0x00813903, X64, OP_LD, 18, 2, 0, 8},              /* ld s2, 8(sp) */
    {0x00134283, XB, OP_LBU, 5, 6, 0, 1},               /* lbu t0, 1(t1) */
    {0xffee5383, XB, OP_LHU, 7, 28, 0, -2},             /* lhu t2, -2(t3) */
    {0x004f6e83, X64, OP_LWU, 29, 30, 0, 4},            /* lwu t4, 4(t5) */
    {0x80a58023, XB, OP_SB, S, 11, 10, -2048},          /* sb a0, -2048(a1) */
    {0x7ec69fa3, XB, OP_SH, S, 13, 12, 2047},           /* sh a2, 2047(a3) */
    {0xfee7afa3, XB, OP_SW, S, 15, 14, -1},             /* sw a4, -1(a5) */
    {0xff213c23, X64, OP_SD, S, 2, 18, -8},             /* sd s2, -8(sp) */
    {0x80058513, XB, OP_ADDI, 10, 11, 0, -2048},        /* addi a0, a1, -2048 */
    {0xfff6a613, XB, OP_SLTI, 12, 13, 0, -1},           /* slti a2, a3, -1 */
    {0x7ff7b713, XB, OP_SLTIU, 14, 15, 0, 2047},        /* sltiu a4, a5, 2047 */
    {0xfff34293, XB, OP_XORI, 5, 6, 0, -1},             /* xori t0, t1, -1 */
    {0x555e6393, XB, OP_ORI, 7, 28, 0, 0x555},          /* ori t2, t3, 0x555 */
    {0xf00f7e93, XB, OP_ANDI, 29, 30, 0, -256},         /* andi t4, t5, -256 */
    {0x03f59513, X64, OP_SLLI, 10, 11, 0, 63},          /* slli a0, a1, 63 */
    {0x0216d613, X64, OP_SRLI, 12, 13, 0, 33},          /* srli a2, a3, 33 */
    {0x43f7d713, X64, OP_SRAI, 14, 15, 0, 63},          /* srai a4, a5, 63 */
    {0x0200d513, X64, OP_SRLI, 10, 1, 0, 32},           /* srli a0, ra, 32 */
    {0x01f59513, XB, OP_SLLI, 10, 11, 0, 31},           /* slli a0, a1, 31 */
    {0x01f6d613, XB, OP_SRLI, 12, 13, 0, 31},           /* srli a2, a3, 31 */
    {0x41f7d713, XB, OP_SRAI, 14, 15, 0, 31},           /* srai a4, a5, 31 */
    {0x00c58533, XB, OP_ADD, 10, 11, 12, 0},            /* add a0, a1, a2 */
    {0x00b50033, XB, OP_ADD, S, 10, 11, 0},             /* add x0, a0, a1 (rd x0 -> sink) */
    {0x40f706b3, XB, OP_SUB, 13, 14, 15, 0},            /* sub a3, a4, a5 */
    {0x01289833, XB, OP_SLL, 16, 17, 18, 0},            /* sll a6, a7, s2 */
    {0x015a29b3, XB, OP_SLT, 19, 20, 21, 0},            /* slt s3, s4, s5 */
    {0x018bbb33, XB, OP_SLTU, 22, 23, 24, 0},           /* sltu s6, s7, s8 */
    {0x01bd4cb3, XB, OP_XOR, 25, 26, 27, 0},            /* xor s9, s10, s11 */
    {0x01eede33, XB, OP_SRL, 28, 29, 30, 0},            /* srl t3, t4, t5 */
    {0x4062dfb3, XB, OP_SRA, 31, 5, 6, 0},              /* sra t6, t0, t1 */
    {0x0021e233, XB, OP_OR, 4, 3, 2, 0},                /* or tp, gp, sp */
    {0x0010f0b3, XB, OP_AND, 1, 1, 1, 0},               /* and ra, ra, ra */
    {0xfff5851b, X64, OP_ADDIW, 10, 11, 0, -1},         /* addiw a0, a1, -1 */
    {0x01f6961b, X64, OP_SLLIW, 12, 13, 0, 31},         /* slliw a2, a3, 31 */
    {0x0017d71b, X64, OP_SRLIW, 14, 15, 0, 1},          /* srliw a4, a5, 1 */
    {0x41f3529b, X64, OP_SRAIW, 5, 6, 0, 31},           /* sraiw t0, t1, 31 */
    {0x00c5853b, X64, OP_ADDW, 10, 11, 12, 0},          /* addw a0, a1, a2 */
    {0x40f706bb, X64, OP_SUBW, 13, 14, 15, 0},          /* subw a3, a4, a5 */
    {0x0128983b, X64, OP_SLLW, 16, 17, 18, 0},          /* sllw a6, a7, s2 */
    {0x015a59bb, X64, OP_SRLW, 19, 20, 21, 0},          /* srlw s3, s4, s5 */
    {0x418bdb3b, X64, OP_SRAW, 22, 23, 24, 0},          /* sraw s6, s7, s8 */
    {0x02c58533, XB, OP_MUL, 10, 11, 12, 0},            /* mul a0, a1, a2 */
    {0x02f716b3, XB, OP_MULH, 13, 14, 15, 0},           /* mulh a3, a4, a5 */
    {0x0328a833, XB, OP_MULHSU, 16, 17, 18, 0},         /* mulhsu a6, a7, s2 */
    {0x035a39b3, XB, OP_MULHU, 19, 20, 21, 0},          /* mulhu s3, s4, s5 */
    {0x038b8b3b, X64, OP_MULW, 22, 23, 24, 0},          /* mulw s6, s7, s8 */
    {0x02c5c533, XB, OP_DIV, 10, 11, 12, 0},            /* div a0, a1, a2 */
    {0x02f756b3, XB, OP_DIVU, 13, 14, 15, 0},           /* divu a3, a4, a5 */
    {0x0328e833, XB, OP_REM, 16, 17, 18, 0},            /* rem a6, a7, s2 */
    {0x035a79b3, XB, OP_REMU, 19, 20, 21, 0},           /* remu s3, s4, s5 */
    {0x038bcb3b, X64, OP_DIVW, 22, 23, 24, 0},          /* divw s6, s7, s8 */
    {0x027352bb, X64, OP_DIVUW, 5, 6, 7, 0},            /* divuw t0, t1, t2 */
    {0x03eeee3b, X64, OP_REMW, 28, 29, 30, 0},          /* remw t3, t4, t5 */
    {0x02b57fbb, X64, OP_REMUW, 31, 10, 11, 0},         /* remuw t6, a0, a1 */
    {0x00b6252f, XB, OP_AMO_W, 10, 12, 11, 0x00},       /* amoadd.w a0, a1, (a2) */
    {0x100726af, XB, OP_AMO_W, 13, 14, 0, 0x02},        /* lr.w a3, (a4) */
    {0x1908a7af, XB, OP_AMO_W, 15, 17, 16, 0x03},       /* sc.w a5, a6, (a7) */
    {0x85cea3af, XB, OP_AMO_W, 7, 29, 28, 0x10},        /* amomin.w.aq t2, t3, (t4) */
    {0x093a392f, X64, OP_AMO_D, 18, 20, 19, 0x01},      /* amoswap.d s2, s3, (s4) */
    {0xe76bbaaf, X64, OP_AMO_D, 21, 23, 22, 0x1c},      /* amomaxu.d.aqrl s5, s6, (s7) */
    {0x100332af, X64, OP_AMO_D, 5, 6, 0, 0x02},         /* lr.d t0, (t1) */
    {0x0ff0000f, XB, OP_FENCE, S, 0, 0, 0},             /* fence iorw, iorw */
    {0x0310000f, XB, OP_FENCE, S, 0, 0, 0},             /* fence rw, w */
    {0x0000100f, XB, OP_FENCE_I, S, 0, 0, 0},           /* fence.i */
    {0x00000073, XB, OP_ECALL, S, 0, 0, 0},             /* ecall */
    {0x00100073, XB, OP_EBREAK, S, 0, 0, 0},            /* ebreak */
    {0x30200073, XB, OP_MRET, S, 0, 0, 0},              /* mret */
    {0x10200073, XB, OP_SRET, S, 0, 0, 0},              /* sret */
    {0x10500073, XB, OP_WFI, S, 0, 0, 0},               /* wfi */
    {0x12b50073, XB, OP_SFENCE_VMA, S, 10, 11, 0},      /* sfence.vma a0, a1 */
    {0x12000073, XB, OP_SFENCE_VMA, S, 0, 0, 0},        /* sfence.vma x0, x0 */
    /* CSR instructions: imm is the CSR number (unsigned), rd = x0 stays 0, rs1 is the uimm. */
    {0x34059573, XB, OP_CSRRW, 10, 11, 0, 0x340},       /* csrrw a0, mscratch, a1 */
    {0xb0002673, XB, OP_CSRRS, 12, 0, 0, 0xb00},        /* csrrs a2, mcycle, x0 */
    {0x3006b073, XB, OP_CSRRC, 0, 13, 0, 0x300},        /* csrrc x0, mstatus, a3 */
    {0xffffd773, XB, OP_CSRRWI, 14, 31, 0, 0xfff},      /* csrrwi a4, 0xfff, 31 */
    {0xc0006073, XB, OP_CSRRSI, 0, 0, 0, 0xc00},        /* csrrsi x0, cycle, 0 */
    {0x1800f7f3, XB, OP_CSRRCI, 15, 1, 0, 0x180},       /* csrrci a5, satp, 1 */
};

/* 16-bit encodings (RV64C unless marked). */
static const struct dcase compressed_cases[] = {
    {0x1fe8, XB, OP_ADDI, 10, 2, 0, 1020},              /* c.addi4spn a0, sp, 1020 */
    {0x0044, XB, OP_ADDI, 9, 2, 0, 4},                  /* c.addi4spn s1, sp, 4 */
    {0x5de8, XB, OP_LW, 10, 11, 0, 124},                /* c.lw a0, 124(a1) */
    {0x4380, XB, OP_LW, 8, 15, 0, 0},                   /* c.lw s0, 0(a5) */
    {0x7ef0, X64, OP_LD, 12, 13, 0, 248},               /* c.ld a2, 248(a3) */
    {0xc3b8, XB, OP_SW, S, 15, 14, 64},                 /* c.sw a4, 64(a5) */
    {0xe480, X64, OP_SD, S, 9, 8, 8},                   /* c.sd s0, 8(s1) */
    {0x0001, XB, OP_ADDI, S, 0, 0, 0},                  /* c.nop */
    {0x1501, XB, OP_ADDI, 10, 10, 0, -32},              /* c.addi a0, -32 */
    {0x02fd, XB, OP_ADDI, 5, 5, 0, 31},                 /* c.addi t0, 31 */
    {0x35fd, X64, OP_ADDIW, 11, 11, 0, -1},             /* c.addiw a1, -1 */
    {0x5601, XB, OP_ADDI, 12, 0, 0, -32},               /* c.li a2, -32 */
    {0x4005, XB, OP_ADDI, S, 0, 0, 1},                  /* c.li x0, 1 (HINT) */
    {0x7101, XB, OP_ADDI, 2, 2, 0, -512},               /* c.addi16sp sp, -512 */
    {0x617d, XB, OP_ADDI, 2, 2, 0, 496},                /* c.addi16sp sp, 496 */
    {0x7681, XB, OP_LUI, 13, 0, 0, -0x20000},           /* c.lui a3, 0xfffe0 */
    {0x637d, XB, OP_LUI, 6, 0, 0, 0x1f000},             /* c.lui t1, 0x1f */
    {0x917d, X64, OP_SRLI, 10, 10, 0, 63},              /* c.srli a0, 63 */
    {0x817d, XB, OP_SRLI, 10, 10, 0, 31},               /* c.srli a0, 31 */
    {0x8585, XB, OP_SRAI, 11, 11, 0, 1},                /* c.srai a1, 1 */
    {0x9a7d, XB, OP_ANDI, 12, 12, 0, -1},               /* c.andi a2, -1 */
    {0x8e99, XB, OP_SUB, 13, 13, 14, 0},                /* c.sub a3, a4 */
    {0x8f3d, XB, OP_XOR, 14, 14, 15, 0},                /* c.xor a4, a5 */
    {0x8c45, XB, OP_OR, 8, 8, 9, 0},                    /* c.or s0, s1 */
    {0x8d6d, XB, OP_AND, 10, 10, 11, 0},                /* c.and a0, a1 */
    {0x9e15, X64, OP_SUBW, 12, 12, 13, 0},              /* c.subw a2, a3 */
    {0x9f3d, X64, OP_ADDW, 14, 14, 15, 0},              /* c.addw a4, a5 */
    {0xb001, XB, OP_JAL, S, 0, 0, -2048},               /* c.j .-2048 */
    {0xaffd, XB, OP_JAL, S, 0, 0, 2046},                /* c.j .+2046 */
    {0xbffd, XB, OP_JAL, S, 0, 0, -2},                  /* c.j .-2 */
    {0x3001, X32, OP_JAL, 1, 0, 0, -2048},              /* c.jal .-2048 (RV32) */
    {0x2ffd, X32, OP_JAL, 1, 0, 0, 2046},               /* c.jal .+2046 (RV32) */
    {0x202d, X32, OP_JAL, 1, 0, 0, 0x2a},               /* c.jal .+0x2a (RV32) */
    {0x2005, X32, OP_JAL, 1, 0, 0, 0x20},               /* c.jal .+0x20 (RV32) */
    {0x35fd, X32, OP_JAL, 1, 0, 0, -0x112},             /* c.jal .-0x112 (RV32) */
    {0xd101, XB, OP_BEQ, S, 10, 0, -256},               /* c.beqz a0, .-256 */
    {0xecfd, XB, OP_BNE, S, 9, 0, 254},                 /* c.bnez s1, .+254 */
    {0x12fe, X64, OP_SLLI, 5, 5, 0, 63},                /* c.slli t0, 63 */
    {0x05fe, XB, OP_SLLI, 11, 11, 0, 31},               /* c.slli a1, 31 */
    {0x50fe, XB, OP_LW, 1, 2, 0, 252},                  /* c.lwsp ra, 252(sp) */
    {0x4502, XB, OP_LW, 10, 2, 0, 0},                   /* c.lwsp a0, 0(sp) */
    {0x747e, X64, OP_LD, 8, 2, 0, 504},                 /* c.ldsp s0, 504(sp) */
    {0x8082, XB, OP_JALR, S, 1, 0, 0},                  /* c.jr ra */
    {0x852e, XB, OP_ADD, 10, 0, 11, 0},                 /* c.mv a0, a1 */
    {0x9002, XB, OP_EBREAK, S, 0, 0, 0},                /* c.ebreak */
    {0x9282, XB, OP_JALR, 1, 5, 0, 0},                  /* c.jalr t0 */
    {0x952e, XB, OP_ADD, 10, 10, 11, 0},                /* c.add a0, a1 */
    {0xdf86, XB, OP_SW, S, 2, 1, 252},                  /* c.swsp ra, 252(sp) */
    {0xffa2, X64, OP_SD, S, 2, 8, 504},                 /* c.sdsp s0, 504(sp) */
};

/* Encodings that are legal on RV64 (checked above) but illegal on RV32. */
static const uint32_t rv64_only[] = {
    0x00813903, /* ld s2, 8(sp) */
    0x004f6e83, /* lwu t4, 4(t5) */
    0xff213c23, /* sd s2, -8(sp) */
    0x03f59513, /* slli a0, a1, 63: shamt[5] = 1 is reserved on RV32 */
    0x0216d613, /* srli a2, a3, 33 */
    0x43f7d713, /* srai a4, a5, 63 */
    0x0200d513, /* srli a0, ra, 32 */
    0xfff5851b, /* addiw a0, a1, -1 */
    0x01f6961b, /* slliw a2, a3, 31 */
    0x00c5853b, /* addw a0, a1, a2 */
    0x418bdb3b, /* sraw s6, s7, s8 */
    0x038b8b3b, /* mulw s6, s7, s8 */
    0x02b57fbb, /* remuw t6, a0, a1 */
    0x093a392f, /* amoswap.d s2, s3, (s4) */
    0x100332af, /* lr.d t0, (t1) */
    0x7ef0,     /* c.ld a2, 248(a3) (RV32: c.flw, no F) */
    0xe480,     /* c.sd s0, 8(s1) (RV32: c.fsw) */
    0x747e,     /* c.ldsp s0, 504(sp) (RV32: c.flwsp) */
    0xffa2,     /* c.sdsp s0, 504(sp) (RV32: c.fswsp) */
    0x9e15,     /* c.subw a2, a3 (reserved on RV32) */
    0x9f3d,     /* c.addw a4, a5 (reserved on RV32) */
    0x917d,     /* c.srli a0, 63: RV32C shamt[5] = 1 is for custom use */
    0x12fe,     /* c.slli t0, 63: likewise */
};

/* Encodings that no XLEN accepts. */
static const uint32_t always_illegal[] = {
    0x0000,     /* all-zero parcel: defined illegal (C chapter) */
    0x00000000, /* likewise as a 32-bit fetch */
    0x0004,     /* c.addi4spn s1, sp, 0: nzuimm = 0 is reserved */
    0x6101,     /* c.addi16sp sp, 0: nzimm = 0 is reserved */
    0x6501,     /* c.lui a0, 0: nzimm = 0 is reserved */
    0x4002,     /* c.lwsp x0, 0(sp): rd = x0 is reserved */
    0x8002,     /* c.jr x0: rs1 = x0 is reserved */
    0x9c41,     /* CA format with funct2 = 10 and bit 12 set: reserved */
    0x9c61,     /* CA format with funct2 = 11 and bit 12 set: reserved */
    0x2000,     /* c.fld fs0, 0(s0): no D */
    0x0000400f, /* MISC-MEM funct3 = 4: reserved */
    0x00004073, /* SYSTEM funct3 = 4: reserved */
    0x101726af, /* lr.w a3, (a4) with rs2 = x1: LR requires rs2 = 0 */
    0x00009067, /* jalr with funct3 = 1 */
    0x00002063, /* branch funct3 = 2 */
    0x40059513, /* slli with funct6 = 0x10 */
    0x80c58533, /* OP with funct7 = 0x40 */
    0x10208073, /* sret with rs1 = x1 */
    0xffffffff, /* opcode 0x7f (48-bit-and-longer space) */
    0x0000007f, /* likewise */
};

/* A decode case and the one extension bit that enables it. */
struct ext_case {
  struct dcase c;
  unsigned ext;
};

/* Optional extensions (riscv64-unknown-elf-as -march=rv32imac_zba_zbb_zbc_zbs_zicbom), each
 * with the one extension bit that enables it; XB: the same encoding on RV64. */
static const struct ext_case ext_cases[] = {
    {{0x20c5a533, XB,  OP_SH1ADD, 10, 11, 12, 0}, ISA_EXT_ZBA},  /* sh1add a0, a1, a2 */
    {{0x207342b3, XB,  OP_SH2ADD, 5, 6, 7, 0}, ISA_EXT_ZBA},     /* sh2add t0, t1, t2 */
    {{0x20f4e433, XB,  OP_SH3ADD, 8, 9, 15, 0}, ISA_EXT_ZBA},    /* sh3add s0, s1, a5 */
    {{0x40c5f533, XB,  OP_ANDN, 10, 11, 12, 0}, ISA_EXT_ZBB},    /* andn a0, a1, a2 */
    {{0x40f766b3, XB,  OP_ORN, 13, 14, 15, 0}, ISA_EXT_ZBB},     /* orn a3, a4, a5 */
    {{0x41eece33, XB,  OP_XNOR, 28, 29, 30, 0}, ISA_EXT_ZBB},    /* xnor t3, t4, t5 */
    {{0x60059513, XB,  OP_CLZ, 10, 11, 0, 0}, ISA_EXT_ZBB},      /* clz a0, a1 */
    {{0x60199913, XB,  OP_CTZ, 18, 19, 0, 0}, ISA_EXT_ZBB},      /* ctz s2, s3 */
    {{0x60289f93, XB,  OP_CPOP, 31, 17, 0, 0}, ISA_EXT_ZBB},     /* cpop t6, a7 */
    {{0x0ac5e533, XB,  OP_MAX, 10, 11, 12, 0}, ISA_EXT_ZBB},     /* max a0, a1, a2 */
    {{0x0af776b3, XB,  OP_MAXU, 13, 14, 15, 0}, ISA_EXT_ZBB},    /* maxu a3, a4, a5 */
    {{0x0b6aca33, XB,  OP_MIN, 20, 21, 22, 0}, ISA_EXT_ZBB},     /* min s4, s5, s6 */
    {{0x0b9c5bb3, XB,  OP_MINU, 23, 24, 25, 0}, ISA_EXT_ZBB},    /* minu s7, s8, s9 */
    {{0x60459513, XB,  OP_SEXT_B, 10, 11, 0, 0}, ISA_EXT_ZBB},   /* sext.b a0, a1 */
    {{0x60569613, XB,  OP_SEXT_H, 12, 13, 0, 0}, ISA_EXT_ZBB},   /* sext.h a2, a3 */
    {{0x0807c733, X32, OP_ZEXT_H, 14, 15, 0, 0}, ISA_EXT_ZBB},   /* zext.h a4, a5 */
    {{0x60c59533, XB,  OP_ROL, 10, 11, 12, 0}, ISA_EXT_ZBB},     /* rol a0, a1, a2 */
    {{0x60f756b3, XB,  OP_ROR, 13, 14, 15, 0}, ISA_EXT_ZBB},     /* ror a3, a4, a5 */
    {{0x61f5d513, XB,  OP_RORI, 10, 11, 0, 31}, ISA_EXT_ZBB},    /* rori a0, a1, 31 */
    {{0x2874d413, XB,  OP_ORC_B, 8, 9, 0, 0}, ISA_EXT_ZBB},      /* orc.b s0, s1 */
    {{0x69835293, X32, OP_REV8, 5, 6, 0, 0}, ISA_EXT_ZBB},       /* rev8 t0, t1 */
    {{0x0ac59533, XB,  OP_CLMUL, 10, 11, 12, 0}, ISA_EXT_ZBC},   /* clmul a0, a1, a2 */
    {{0x0af736b3, XB,  OP_CLMULH, 13, 14, 15, 0}, ISA_EXT_ZBC},  /* clmulh a3, a4, a5 */
    {{0x0a7322b3, XB,  OP_CLMULR, 5, 6, 7, 0}, ISA_EXT_ZBC},     /* clmulr t0, t1, t2 */
    {{0x48c59533, XB,  OP_BCLR, 10, 11, 12, 0}, ISA_EXT_ZBS},    /* bclr a0, a1, a2 */
    {{0x49171693, XB,  OP_BCLRI, 13, 14, 0, 17}, ISA_EXT_ZBS},   /* bclri a3, a4, 17 */
    {{0x491857b3, XB,  OP_BEXT, 15, 16, 17, 0}, ISA_EXT_ZBS},    /* bext a5, a6, a7 */
    {{0x4804d413, XB,  OP_BEXTI, 8, 9, 0, 0}, ISA_EXT_ZBS},      /* bexti s0, s1, 0 */
    {{0x69499933, XB,  OP_BINV, 18, 19, 20, 0}, ISA_EXT_ZBS},    /* binv s2, s3, s4 */
    {{0x69fb1a93, XB,  OP_BINVI, 21, 22, 0, 31}, ISA_EXT_ZBS},   /* binvi s5, s6, 31 */
    {{0x299c1bb3, XB,  OP_BSET, 23, 24, 25, 0}, ISA_EXT_ZBS},    /* bset s7, s8, s9 */
    {{0x285e9e13, XB,  OP_BSETI, 28, 29, 0, 5}, ISA_EXT_ZBS},    /* bseti t3, t4, 5 */
    {{0x0005200f, XB, OP_CBO, S, 10, 0, 0}, ISA_EXT_ZICBOM},     /* cbo.inval (a0) */
    {{0x0013200f, XB, OP_CBO, S, 6, 0, 1}, ISA_EXT_ZICBOM},      /* cbo.clean (t1) */
    {{0x002da00f, XB, OP_CBO, S, 27, 0, 2}, ISA_EXT_ZICBOM},     /* cbo.flush (s11) */
    /* RV64 only (riscv64-unknown-elf-as -march=rv64imac_zba_zbb_zbc_zbs_zicbom_zicboz). */
    {{0x08c5853b, X64, OP_ADD_UW, 10, 11, 12, 0}, ISA_EXT_ZBA},    /* add.uw a0, a1, a2 */
    {{0x0807873b, X64, OP_ADD_UW, 14, 15, 0, 0}, ISA_EXT_ZBA},     /* zext.w a4, a5 */
    {{0x20f726bb, X64, OP_SH1ADD_UW, 13, 14, 15, 0}, ISA_EXT_ZBA}, /* sh1add.uw a3, a4, a5 */
    {{0x207342bb, X64, OP_SH2ADD_UW, 5, 6, 7, 0}, ISA_EXT_ZBA},    /* sh2add.uw t0, t1, t2 */
    {{0x20f4e43b, X64, OP_SH3ADD_UW, 8, 9, 15, 0}, ISA_EXT_ZBA},   /* sh3add.uw s0, s1, a5 */
    {{0x0bf5951b, X64, OP_SLLI_UW, 10, 11, 0, 63}, ISA_EXT_ZBA},   /* slli.uw a0, a1, 63 */
    {{0x0856961b, X64, OP_SLLI_UW, 12, 13, 0, 5}, ISA_EXT_ZBA},    /* slli.uw a2, a3, 5 */
    {{0x6005951b, X64, OP_CLZW, 10, 11, 0, 0}, ISA_EXT_ZBB},       /* clzw a0, a1 */
    {{0x6019991b, X64, OP_CTZW, 18, 19, 0, 0}, ISA_EXT_ZBB},       /* ctzw s2, s3 */
    {{0x60289f9b, X64, OP_CPOPW, 31, 17, 0, 0}, ISA_EXT_ZBB},      /* cpopw t6, a7 */
    {{0x60c5953b, X64, OP_ROLW, 10, 11, 12, 0}, ISA_EXT_ZBB},      /* rolw a0, a1, a2 */
    {{0x60f756bb, X64, OP_RORW, 13, 14, 15, 0}, ISA_EXT_ZBB},      /* rorw a3, a4, a5 */
    {{0x61f5d51b, X64, OP_RORIW, 10, 11, 0, 31}, ISA_EXT_ZBB},     /* roriw a0, a1, 31 */
    {{0x63f5d513, X64, OP_RORI, 10, 11, 0, 63}, ISA_EXT_ZBB},      /* rori a0, a1, 63 */
    {{0x6b835293, X64, OP_REV8, 5, 6, 0, 0}, ISA_EXT_ZBB},         /* rev8 t0, t1 */
    {{0x0807c73b, X64, OP_ZEXT_H, 14, 15, 0, 0}, ISA_EXT_ZBB},     /* zext.h a4, a5 */
    {{0x4bf71693, X64, OP_BCLRI, 13, 14, 0, 63}, ISA_EXT_ZBS},     /* bclri a3, a4, 63 */
    {{0x4a84d413, X64, OP_BEXTI, 8, 9, 0, 40}, ISA_EXT_ZBS},       /* bexti s0, s1, 40 */
    {{0x6a1b1a93, X64, OP_BINVI, 21, 22, 0, 33}, ISA_EXT_ZBS},     /* binvi s5, s6, 33 */
    {{0x2bfe9e13, X64, OP_BSETI, 28, 29, 0, 63}, ISA_EXT_ZBS},     /* bseti t3, t4, 63 */
    /* Zicond (binutils 2.40 does not know it: encodings from the Zicond 1.0 spec's table). */
    {{0x0ec5d533, XB, OP_CZERO_EQZ, 10, 11, 12, 0}, ISA_EXT_ZICOND}, /* czero.eqz a0, a1, a2 */
    {{0x0ef776b3, XB, OP_CZERO_NEZ, 13, 14, 15, 0}, ISA_EXT_ZICOND}, /* czero.nez a3, a4, a5 */
    {{0x0045200f, XB, OP_CBO_ZERO, S, 10, 0, 0}, ISA_EXT_ZICBOZ},    /* cbo.zero (a0) */
};

/* Scalar cryptography 1.0.1 (encodings from its tables; binutils 2.40 spells them the same). */
static const struct ext_case crypto_cases[] = {
    {{0x08c5c533, XB, OP_PACK, 10, 11, 12, 0}, ISA_EXT_ZBKB}, /* pack a0, a1, a2 */
    {{0x08c5f533, XB, OP_PACKH, 10, 11, 12, 0}, ISA_EXT_ZBKB}, /* packh a0, a1, a2 */
    {{0x08c5c53b, X64, OP_PACKW, 10, 11, 12, 0}, ISA_EXT_ZBKB}, /* packw a0, a1, a2 */
    {{0x6875d513, XB, OP_BREV8, 10, 11, 0, 0}, ISA_EXT_ZBKB}, /* brev8 a0, a1 */
    {{0x08f59513, X32, OP_ZIP, 10, 11, 0, 0}, ISA_EXT_ZBKB}, /* zip a0, a1 */
    {{0x08f5d513, X32, OP_UNZIP, 10, 11, 0, 0}, ISA_EXT_ZBKB}, /* unzip a0, a1 */
    {{0x28c5a533, XB, OP_XPERM4, 10, 11, 12, 0}, ISA_EXT_ZBKX}, /* xperm4 a0, a1, a2 */
    {{0x28c5c533, XB, OP_XPERM8, 10, 11, 12, 0}, ISA_EXT_ZBKX}, /* xperm8 a0, a1, a2 */
    {{0xe2c58533, X32, OP_AES, 10, 11, 12, CRYPTO_IMM(CRYPTO_AES32ESI, 3)}, ISA_EXT_ZKNE}, /* aes32esi a0, a1, a2, 3 */
    {{0x6ec58533, X32, OP_AES, 10, 11, 12, CRYPTO_IMM(CRYPTO_AES32DSMI, 1)}, ISA_EXT_ZKND}, /* aes32dsmi a0, a1, a2, 1 */
    {{0x36c58533, X64, OP_AES, 10, 11, 12, CRYPTO_IMM(CRYPTO_AES64ESM, 0)}, ISA_EXT_ZKNE}, /* aes64esm a0, a1, a2 */
    {{0x3ac58533, X64, OP_AES, 10, 11, 12, CRYPTO_IMM(CRYPTO_AES64DS, 0)}, ISA_EXT_ZKND}, /* aes64ds a0, a1, a2 */
    {{0x30059513, X64, OP_AES, 10, 11, 0, CRYPTO_IMM(CRYPTO_AES64IM, 0)}, ISA_EXT_ZKND}, /* aes64im a0, a1 */
    {{0x31a59513, X64, OP_AES, 10, 11, 0, CRYPTO_IMM(CRYPTO_AES64KS1I, 10)}, ISA_EXT_ZKND | ISA_EXT_ZKNE}, /* aes64ks1i a0, a1, 10 */
    {{0x7ec58533, X64, OP_AES, 10, 11, 12, CRYPTO_IMM(CRYPTO_AES64KS2, 0)}, ISA_EXT_ZKND | ISA_EXT_ZKNE}, /* aes64ks2 a0, a1, a2 */
    {{0x10359513, XB, OP_SHA, 10, 11, 0, CRYPTO_IMM(CRYPTO_SHA256SIG1, 0)}, ISA_EXT_ZKNH}, /* sha256sig1 a0, a1 */
    {{0x10459513, X64, OP_SHA, 10, 11, 0, CRYPTO_IMM(CRYPTO_SHA512SUM0, 0)}, ISA_EXT_ZKNH}, /* sha512sum0 a0, a1 */
    {{0x5cc58533, X32, OP_SHA, 10, 11, 12, CRYPTO_IMM(CRYPTO_SHA512SIG0H, 0)}, ISA_EXT_ZKNH}, /* sha512sig0h a0, a1, a2 */
    {{0x52c58533, X32, OP_SHA, 10, 11, 12, CRYPTO_IMM(CRYPTO_SHA512SUM1R, 0)}, ISA_EXT_ZKNH}, /* sha512sum1r a0, a1, a2 */
    {{0xb0c58533, XB, OP_SM, 10, 11, 12, CRYPTO_IMM(CRYPTO_SM4ED, 2)}, ISA_EXT_ZKSED}, /* sm4ed a0, a1, a2, 2 */
    {{0x74c58533, XB, OP_SM, 10, 11, 12, CRYPTO_IMM(CRYPTO_SM4KS, 1)}, ISA_EXT_ZKSED}, /* sm4ks a0, a1, a2, 1 */
    {{0x10959513, XB, OP_SM, 10, 11, 0, CRYPTO_IMM(CRYPTO_SM3P1, 0)}, ISA_EXT_ZKSH}, /* sm3p1 a0, a1 */
};

/* M, A and C with the extensions of their own encodings' cases below; I always. */
static void check_case_ext(const struct dcase *c, unsigned xlen, unsigned ext, bool compressed) {
  struct insn in;
  insn_decode_ext(c->raw, xlen, ext | ISA_EXT_MAC, &in);
  char what[64];
  snprintf(what, sizeof what, "0x%08x on RV%u", c->raw, xlen);
  if (in.op != c->op) fail_msg("%s: op %s, expected %s", what, op_name(in.op), op_name(c->op));
  if (in.rd != c->rd || in.rs1 != c->rs1 || in.rs2 != c->rs2 || in.imm != c->imm)
    fail_msg("%s (%s): rd %u rs1 %u rs2 %u imm %d, expected rd %u rs1 %u rs2 %u imm %d", what, op_name(in.op), in.rd,
             in.rs1, in.rs2, in.imm, c->rd, c->rs1, c->rs2, c->imm);
  assert_int_equal(in.raw, c->raw);
  assert_int_equal(in.pc_off, 0);
  assert_int_equal(in.cls, op_class(c->op) | (compressed ? CLS_COMPRESSED : 0));
}

static void check_case(const struct dcase *c, unsigned xlen, bool compressed) { check_case_ext(c, xlen, 0, compressed); }

static void run_cases(const struct dcase *cases, size_t n, bool compressed) {
  for (size_t i = 0; i < n; i++) {
    if (cases[i].xlens & X32) check_case(&cases[i], 32, compressed);
    if (cases[i].xlens & X64) check_case(&cases[i], 64, compressed);
  }
}

static void test_base_encodings(void **state) {
  (void)state;
  run_cases(base_cases, sizeof base_cases / sizeof *base_cases, false);
}

static void test_compressed_encodings(void **state) {
  (void)state;
  run_cases(compressed_cases, sizeof compressed_cases / sizeof *compressed_cases, true);
}

/* Every operation in ops.def (END_BLOCK is not an instruction) has a representative above. */
static void test_every_op_has_a_case(void **state) {
  (void)state;
  bool seen[OP_COUNT] = {false};
  for (size_t i = 0; i < sizeof base_cases / sizeof *base_cases; i++) seen[base_cases[i].op] = true;
  for (size_t i = 0; i < sizeof compressed_cases / sizeof *compressed_cases; i++) seen[compressed_cases[i].op] = true;
  for (size_t i = 0; i < sizeof ext_cases / sizeof *ext_cases; i++) seen[ext_cases[i].c.op] = true;
  for (size_t i = 0; i < sizeof crypto_cases / sizeof *crypto_cases; i++) seen[crypto_cases[i].c.op] = true;
  seen[OP_ILLEGAL] = true; /* test_illegal_encodings */
  seen[OP_FP_EXEC] = seen[OP_CRYPTO_EXEC] = true; /* dispatch indices, not operations */
  for (unsigned op = 0; op < OP_COUNT; op++) {
    if (op == OP_END_BLOCK) continue;
    if (op_class((enum op)op) & CLS_FP) continue; /* F and D: test_fp.c checks every one */
    if (!seen[op]) fail_msg("no decoder test for OP_%s", op_name((enum op)op));
  }
}

static void expect_illegal(uint32_t raw, unsigned xlen) {
  struct insn in;
  insn_decode(raw, xlen, &in);
  if (in.op != OP_ILLEGAL) fail_msg("0x%08x on RV%u decodes to %s, expected ILLEGAL", raw, xlen, op_name(in.op));
  /* mtval of an illegal instruction is its encoding: the decoder keeps it (16 bits for C). */
  assert_int_equal(in.raw, (raw & 3) == 3 ? raw : (raw & 0xffff));
  assert_int_equal(in.cls & CLS_SYSTEM, CLS_SYSTEM);
}

/* Each optional instruction decodes with its extension (alone and with all of them), and is an
 * illegal instruction without it: with no extension, with every other one, and on the XLEN that
 * lacks it. */
static void test_optional_extensions(void **state) {
  (void)state;
  const unsigned all = ISA_EXT_ZBA | ISA_EXT_ZBB | ISA_EXT_ZBC | ISA_EXT_ZBS | ISA_EXT_ZICBOM | ISA_EXT_ZICOND |
                       ISA_EXT_ZICBOZ | ISA_EXT_MAC;
  for (size_t i = 0; i < sizeof ext_cases / sizeof *ext_cases; i++) {
    const struct dcase *c = &ext_cases[i].c;
    unsigned own = ext_cases[i].ext;
    for (unsigned xlen = 32; xlen <= 64; xlen += 32) {
      bool decodes = (c->xlens & (xlen == 32 ? X32 : X64)) != 0;
      struct insn in;
      if (decodes) {
        check_case_ext(c, xlen, own, false);
        check_case_ext(c, xlen, all, false);
      } else {
        insn_decode_ext(c->raw, xlen, all, &in);
        if (in.op != OP_ILLEGAL) fail_msg("0x%08x on RV%u: %s, expected ILLEGAL", c->raw, xlen, op_name(in.op));
      }
      insn_decode_ext(c->raw, xlen, all & ~own, &in);
      if (in.op != OP_ILLEGAL) fail_msg("0x%08x on RV%u without its extension: %s", c->raw, xlen, op_name(in.op));
      expect_illegal(c->raw, xlen);
    }
  }
  /* Neighbours of the new encodings stay illegal with every extension enabled. */
  static const uint32_t reserved[] = {
      0x0055200f, /* MISC-MEM funct3 2, imm 5 (after cbo.zero) */
      0x0035200f, /* MISC-MEM funct3 2, imm 3 */
      0x0005250f, /* cbo.inval with rd = a0: rd must be 0 */
      0x60359513, /* OP-IMM funct3 1, imm 0x603 (between cpop and sext.b) */
      0x2884d413, /* orc.b with imm 0x288 */
      0x0ac58533, /* OP funct7 5 funct3 0 */
      0x0815c533, /* zext.h with rs2 = 1 */
      0x6bf5d513, /* rori with shamt[5] = 1 on RV32 */
  };
  for (size_t i = 0; i < sizeof reserved / sizeof *reserved; i++) {
    struct insn in;
    insn_decode_ext(reserved[i], 32, all, &in);
    if (in.op != OP_ILLEGAL) fail_msg("0x%08x decodes to %s, expected ILLEGAL", reserved[i], op_name(in.op));
  }
}

/* Scalar cryptography: each instruction decodes with its extension (alone and with all of
 * them) on the XLEN that has it, and is illegal without it (with every other extension, Zbb and
 * Zbc included) and on the other XLEN. */
static void test_crypto_extensions(void **state) {
  (void)state;
  const unsigned all = ISA_EXT_ZBA | ISA_EXT_ZBB | ISA_EXT_ZBC | ISA_EXT_ZBS | ISA_EXT_ZBKB | ISA_EXT_ZBKC |
                       ISA_EXT_ZBKX | ISA_EXT_ZKND | ISA_EXT_ZKNE | ISA_EXT_ZKNH | ISA_EXT_ZKSED | ISA_EXT_ZKSH |
                       ISA_EXT_MAC;
  for (size_t i = 0; i < sizeof crypto_cases / sizeof *crypto_cases; i++) {
    const struct dcase *c = &crypto_cases[i].c;
    unsigned own = crypto_cases[i].ext;
    for (unsigned xlen = 32; xlen <= 64; xlen += 32) {
      struct insn in;
      if (c->xlens & (xlen == 32 ? X32 : X64)) {
        check_case_ext(c, xlen, own, false);
        check_case_ext(c, xlen, all, false);
      } else {
        insn_decode_ext(c->raw, xlen, all, &in);
        if (in.op != OP_ILLEGAL) fail_msg("0x%08x on RV%u: %s, expected ILLEGAL", c->raw, xlen, op_name(in.op));
      }
      insn_decode_ext(c->raw, xlen, all & ~own, &in);
      if (in.op != OP_ILLEGAL) fail_msg("0x%08x on RV%u without its extension: %s", c->raw, xlen, op_name(in.op));
    }
  }
  /* Zbkb has Zbb's rotates, inverted logic and REV8 (not CLZ); Zbkc CLMUL and CLMULH (not CLMULR). */
  static const struct {
    uint32_t raw;
    unsigned ext;
    enum op op;
  } shared[] = {
      {0x60c59533, ISA_EXT_ZBKB, OP_ROL},    {0x40c5f533, ISA_EXT_ZBKB, OP_ANDN},    {0x6985d513, ISA_EXT_ZBKB, OP_REV8},
      {0x60059513, ISA_EXT_ZBKB, OP_ILLEGAL}, {0x0ac59533, ISA_EXT_ZBKC, OP_CLMUL}, {0x0ac5b533, ISA_EXT_ZBKC, OP_CLMULH},
      {0x0ac5a533, ISA_EXT_ZBKC, OP_ILLEGAL},
  };
  for (size_t i = 0; i < sizeof shared / sizeof *shared; i++) {
    struct insn in;
    insn_decode_ext(shared[i].raw, 32, shared[i].ext, &in);
    if (in.op != shared[i].op) fail_msg("0x%08x: %s, expected %s", shared[i].raw, op_name(in.op), op_name(shared[i].op));
  }
  /* AES64KS1I's round numbers 0xB-0xF are reserved. */
  struct insn in;
  insn_decode_ext(0x31b59513, 64, all, &in); /* aes64ks1i a0, a1, 0xb */
  assert_int_equal(in.op, OP_ILLEGAL);
}

/* M, A and C are extensions too (--isa rv64i): without them their encodings are illegal. */
static void test_m_a_c_gated(void **state) {
  (void)state;
  static const struct {
    uint32_t raw;
    unsigned ext;
    enum op op;
  } cases[] = {
      {0x02c58533, ISA_EXT_M, OP_MUL},   /* mul a0, a1, a2 */
      {0x02c5c53b, ISA_EXT_M, OP_DIVW},  /* divw a0, a1, a2 (RV64) */
      {0x00c5a52f, ISA_EXT_A, OP_AMO_W}, /* amoadd.w a0, a2, (a1) */
      {0x1005a52f, ISA_EXT_A, OP_AMO_W}, /* lr.w a0, (a1) */
      {0x0505, ISA_EXT_C, OP_ADDI},      /* c.addi a0, 1 */
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    struct insn in;
    insn_decode_ext(cases[i].raw, 64, cases[i].ext, &in);
    assert_int_equal(in.op, cases[i].op);
    insn_decode_ext(cases[i].raw, 64, ISA_EXT_MAC & ~cases[i].ext, &in);
    if (in.op != OP_ILLEGAL) fail_msg("0x%08x without its extension: %s", cases[i].raw, op_name(in.op));
    assert_int_equal(in.raw, (cases[i].raw & 3) == 3 ? cases[i].raw : cases[i].raw & 0xffff); /* mtval */
  }
}

static void test_rv64_only_encodings_illegal_on_rv32(void **state) {
  (void)state;
  for (size_t i = 0; i < sizeof rv64_only / sizeof *rv64_only; i++) expect_illegal(rv64_only[i], 32);
}

static void test_illegal_encodings(void **state) {
  (void)state;
  for (size_t i = 0; i < sizeof always_illegal / sizeof *always_illegal; i++) {
    expect_illegal(always_illegal[i], 32);
    expect_illegal(always_illegal[i], 64);
  }
}

/* C.ADDIW with rd = x0 is reserved on RV64; the same bits are C.JAL on RV32. */
static void test_c_jal_vs_c_addiw(void **state) {
  (void)state;
  struct insn in;
  insn_decode(0x2005, 64, &in); /* c.addiw x0, 1 (reserved) / RV32: c.jal .+0x20 */
  assert_int_equal(in.op, OP_ILLEGAL);
  insn_decode(0x3001, 64, &in); /* RV32 c.jal .-2048 = RV64 c.addiw x0, 0 (reserved) */
  assert_int_equal(in.op, OP_ILLEGAL);
  insn_decode(0x2005, 32, &in);
  assert_int_equal(in.op, OP_JAL);
  assert_int_equal(in.rd, 1); /* C.JAL links to ra */
  assert_int_equal(in.imm, 0x20);
  insn_decode(0x35fd, 64, &in); /* c.addiw a1, -1 */
  assert_int_equal(in.op, OP_ADDIW);
  assert_int_equal(in.cls, CLS_COMPRESSED);
}

/* A 16-bit instruction is identified by its low two bits; the upper half of the fetched word
 * is the next instruction and must not leak into this one. */
static void test_compressed_ignores_upper_half(void **state) {
  (void)state;
  struct insn in;
  insn_decode(0xdeadu << 16 | 0x852e, 64, &in); /* c.mv a0, a1 followed by other bits */
  assert_int_equal(in.op, OP_ADD);
  assert_int_equal(in.rd, 10);
  assert_int_equal(in.rs1, 0);
  assert_int_equal(in.rs2, 11);
  assert_int_equal(in.raw, 0x852e);
  assert_int_equal(insn_length(0x852e), 2);
  assert_int_equal(insn_length(0x0533), 4); /* low half of add a0, a1, a2 */
}

/* The class bits drive the static event counts (loads, stores, branches, ...). */
static void test_op_classes_and_names(void **state) {
  (void)state;
  assert_string_equal(op_name(OP_ADD), "ADD");
  assert_string_equal(op_name(OP_SFENCE_VMA), "SFENCE_VMA");
  assert_string_equal(op_name(OP_COUNT), "?");
  assert_int_equal(op_class(OP_LW), CLS_LOAD);
  assert_int_equal(op_class(OP_SD), CLS_STORE);
  assert_int_equal(op_class(OP_BGEU), CLS_BRANCH | CLS_END);
  assert_int_equal(op_class(OP_JALR), CLS_JUMP | CLS_END);
  assert_int_equal(op_class(OP_MULHSU), CLS_MUL);
  assert_int_equal(op_class(OP_REMUW), CLS_DIV);
  assert_int_equal(op_class(OP_AMO_D), CLS_ATOMIC);
  assert_int_equal(op_class(OP_CSRRS), CLS_SYSTEM);
  assert_int_equal(op_class(OP_FENCE), 0);
  assert_int_equal(op_class(OP_COUNT), 0);
}

/* Decoding overwrites every field (stale data from a previous instruction must not survive). */
static void test_decode_clears_output(void **state) {
  (void)state;
  struct insn in;
  memset(&in, 0xa5, sizeof in);
  insn_decode(0x00000073, 32, &in); /* ecall */
  assert_int_equal(in.op, OP_ECALL);
  assert_int_equal(in.rd, REG_SINK);
  assert_int_equal(in.rs1, 0);
  assert_int_equal(in.rs2, 0);
  assert_int_equal(in.imm, 0);
  assert_int_equal(in.pc_off, 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_base_encodings),
      cmocka_unit_test(test_compressed_encodings),
      cmocka_unit_test(test_every_op_has_a_case),
      cmocka_unit_test(test_optional_extensions),
      cmocka_unit_test(test_crypto_extensions),
      cmocka_unit_test(test_m_a_c_gated),
      cmocka_unit_test(test_rv64_only_encodings_illegal_on_rv32),
      cmocka_unit_test(test_illegal_encodings),
      cmocka_unit_test(test_c_jal_vs_c_addiw),
      cmocka_unit_test(test_compressed_ignores_upper_half),
      cmocka_unit_test(test_op_classes_and_names),
      cmocka_unit_test(test_decode_clears_output),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
