/* Decoding for the MIPS interpreter: which handler runs each row of
 * mips_basic.def, and a word of code turned into its packed decoded form
 * (registers, extended immediate, absolute branch target) once, when the
 * word is placed. */
#include <stdint.h>
#include <string.h>

#include "mips_isa.h"
#include "mips_decode.h"

/* Which handler runs each basic format, by the format's example (the one
 * name mips_basic.def gives a row). */
typedef struct row_binding {
    const char *example;
    uint8_t handler;
    uint8_t slow;
} row_binding;

#define F(ex, h) {ex, MIPS_H_##h, 0}
#define S(ex, op) {ex, MIPS_H_SLOW, MIPS_S_##op}
static const row_binding bindings[] = {
    F("nop", NOP), F("add $t1,$t2,$t3", ADD), F("sub $t1,$t2,$t3", SUB),
    F("addi $t1,$t2,-100", ADDI), F("addu $t1,$t2,$t3", ADDU), F("subu $t1,$t2,$t3", SUBU),
    F("addiu $t1,$t2,-100", ADDIU), F("mult $t1,$t2", MULT), F("multu $t1,$t2", MULTU),
    F("mul $t1,$t2,$t3", MUL), S("madd $t1,$t2", MADD), S("maddu $t1,$t2", MADDU),
    S("msub $t1,$t2", MSUB), S("msubu $t1,$t2", MSUBU), F("div $t1,$t2", DIV),
    F("divu $t1,$t2", DIVU), F("mfhi $t1", MFHI), F("mflo $t1", MFLO), F("mthi $t1", MTHI),
    F("mtlo $t1", MTLO), F("and $t1,$t2,$t3", AND), F("or $t1,$t2,$t3", OR),
    F("andi $t1,$t2,100", ANDI), F("ori $t1,$t2,100", ORI), F("nor $t1,$t2,$t3", NOR),
    F("xor $t1,$t2,$t3", XOR), F("xori $t1,$t2,100", XORI), F("sll $t1,$t2,10", SLL),
    F("sllv $t1,$t2,$t3", SLLV), F("srl $t1,$t2,10", SRL), F("sra $t1,$t2,10", SRA),
    F("srav $t1,$t2,$t3", SRAV), F("srlv $t1,$t2,$t3", SRLV), F("lw $t1,-100($t2)", LW),
    S("ll $t1,-100($t2)", LL), S("lwl $t1,-100($t2)", LWL), S("lwr $t1,-100($t2)", LWR),
    F("sw $t1,-100($t2)", SW), S("sc $t1,-100($t2)", SC), S("swl $t1,-100($t2)", SWL),
    S("swr $t1,-100($t2)", SWR), F("lui $t1,100", LUI), F("beq $t1,$t2,label", BEQ),
    F("bne $t1,$t2,label", BNE), F("bgez $t1,label", BGEZ), F("bgezal $t1,label", BGEZAL),
    F("bgtz $t1,label", BGTZ), F("blez $t1,label", BLEZ), F("bltz $t1,label", BLTZ),
    F("bltzal $t1,label", BLTZAL), F("slt $t1,$t2,$t3", SLT), F("sltu $t1,$t2,$t3", SLTU),
    F("slti $t1,$t2,-100", SLTI), F("sltiu $t1,$t2,-100", SLTIU), S("movn $t1,$t2,$t3", MOVN),
    S("movz $t1,$t2,$t3", MOVZ), S("movf $t1,$t2", MOVF), S("movf $t1,$t2,1", MOVF),
    S("movt $t1,$t2", MOVT), S("movt $t1,$t2,1", MOVT), S("break 100", BREAK_CODE),
    S("break", BREAK), F("syscall", SYSCALL), F("j target", J), F("jr $t1", JR),
    F("jal target", JAL), F("jalr $t1,$t2", JALR), F("jalr $t1", JALR),
    F("lb $t1,-100($t2)", LB), F("lh $t1,-100($t2)", LH), F("lhu $t1,-100($t2)", LHU),
    F("lbu $t1,-100($t2)", LBU), F("sb $t1,-100($t2)", SB), F("sh $t1,-100($t2)", SH),
    S("clo $t1,$t2", CLO), S("clz $t1,$t2", CLZ), S("mfc0 $t1,$8", MFC0), S("mtc0 $t1,$8", MTC0),
    S("add.s $f0,$f1,$f3", ADD_S), S("sub.s $f0,$f1,$f3", SUB_S), S("mul.s $f0,$f1,$f3", MUL_S),
    S("div.s $f0,$f1,$f3", DIV_S), S("sqrt.s $f0,$f1", SQRT_S), S("floor.w.s $f0,$f1", FLOOR_W_S),
    S("ceil.w.s $f0,$f1", CEIL_W_S), S("round.w.s $f0,$f1", ROUND_W_S),
    S("trunc.w.s $f0,$f1", TRUNC_W_S), S("add.d $f2,$f4,$f6", ADD_D), S("sub.d $f2,$f4,$f6", SUB_D),
    S("mul.d $f2,$f4,$f6", MUL_D), S("div.d $f2,$f4,$f6", DIV_D), S("sqrt.d $f2,$f4", SQRT_D),
    S("floor.w.d $f1,$f2", FLOOR_W_D), S("ceil.w.d $f1,$f2", CEIL_W_D),
    S("round.w.d $f1,$f2", ROUND_W_D), S("trunc.w.d $f1,$f2", TRUNC_W_D), S("bc1t label", BC1T),
    S("bc1t 1,label", BC1T), S("bc1f label", BC1F), S("bc1f 1,label", BC1F),
    S("c.eq.s $f0,$f1", C_EQ_S), S("c.eq.s 1,$f0,$f1", C_EQ_S), S("c.le.s $f0,$f1", C_LE_S),
    S("c.le.s 1,$f0,$f1", C_LE_S), S("c.lt.s $f0,$f1", C_LT_S), S("c.lt.s 1,$f0,$f1", C_LT_S),
    S("c.eq.d $f2,$f4", C_EQ_D), S("c.eq.d 1,$f2,$f4", C_EQ_D), S("c.le.d $f2,$f4", C_LE_D),
    S("c.le.d 1,$f2,$f4", C_LE_D), S("c.lt.d $f2,$f4", C_LT_D), S("c.lt.d 1,$f2,$f4", C_LT_D),
    S("abs.s $f0,$f1", ABS_S), S("abs.d $f2,$f4", ABS_D), S("cvt.d.s $f2,$f1", CVT_D_S),
    S("cvt.d.w $f2,$f1", CVT_D_W), S("cvt.s.d $f1,$f2", CVT_S_D), S("cvt.s.w $f0,$f1", CVT_S_W),
    S("cvt.w.d $f1,$f2", CVT_W_D), S("cvt.w.s $f0,$f1", CVT_W_S), S("mov.d $f2,$f4", MOV_D),
    S("movf.d $f2,$f4", MOVF_D), S("movf.d $f2,$f4,1", MOVF_D), S("movt.d $f2,$f4", MOVT_D),
    S("movt.d $f2,$f4,1", MOVT_D), S("movn.d $f2,$f4,$t3", MOVN_D), S("movz.d $f2,$f4,$t3", MOVZ_D),
    S("mov.s $f0,$f1", MOV_S), S("movf.s $f0,$f1", MOVF_S), S("movf.s $f0,$f1,1", MOVF_S),
    S("movt.s $f0,$f1", MOVT_S), S("movt.s $f0,$f1,1", MOVT_S), S("movn.s $f0,$f1,$t3", MOVN_S),
    S("movz.s $f0,$f1,$t3", MOVZ_S), S("mfc1 $t1,$f1", MFC1), S("mtc1 $t1,$f1", MTC1),
    S("neg.d $f2,$f4", NEG_D), S("neg.s $f0,$f1", NEG_S), S("lwc1 $f1,-100($t2)", LWC1),
    S("ldc1 $f2,-100($t2)", LDC1), S("swc1 $f1,-100($t2)", SWC1), S("sdc1 $f2,-100($t2)", SDC1),
    S("teq $t1,$t2", TEQ), S("teqi $t1,-100", TEQI), S("tne $t1,$t2", TNE),
    S("tnei $t1,-100", TNEI), S("tge $t1,$t2", TGE), S("tgeu $t1,$t2", TGEU),
    S("tgei $t1,-100", TGEI), S("tgeiu $t1,-100", TGEIU), S("tlt $t1,$t2", TLT),
    S("tltu $t1,$t2", TLTU), S("tlti $t1,-100", TLTI), S("tltiu $t1,-100", TLTIU),
    S("eret", ERET),
};
#undef F
#undef S

bool mips_bind_rows(mips_rows *rows)
{
    size_t count = mips_basic_count();
    if (count > sizeof rows->handler)
        return false;
    enum { N = sizeof bindings / sizeof bindings[0] };
    for (size_t i = 0; i < count; i++) {
        const char *example = mips_basic_at(i)->example;
        /* The bindings follow the table's order: the search starts at
         * row i, so a machine (one per graded case) binds in one pass. */
        size_t k = 0;
        while (k < N && strcmp(bindings[(i + k) % N].example, example) != 0)
            k++;
        if (k == N)
            return false; /* a row with no handler: the tables disagree */
        rows->handler[i] = bindings[(i + k) % N].handler;
        rows->slow[i] = bindings[(i + k) % N].slow;
    }
    return true;
}

static unsigned dst(uint32_t r)
{
    return r ? r : MIPS_SINK;
}

mips_decoded mips_decode_at(const mips_rows *rows, uint32_t word, uint32_t addr)
{
    unsigned h, a = 0, b = 0, c = 0;
    uint32_t imm = 0;
    const mips_basic *basic = mips_decode(word);
    if (!basic)
        return mips_pack(MIPS_H_RESERVED, 0, 0, 0, word);
    size_t row = (size_t)(basic - mips_basic_at(0));
    uint32_t rs = word >> 21 & 31, rt = word >> 16 & 31, rd = word >> 11 & 31;
    uint32_t simm = (uint32_t)(int32_t)(int16_t)(word & 0xffff), uimm = word & 0xffff;
    h = rows->handler[row];
    switch ((mips_handler)h) {
    case MIPS_H_SLOW:
        a = rows->slow[row];
        imm = word;
        break;
    case MIPS_H_ADD: case MIPS_H_ADDU: case MIPS_H_SUB: case MIPS_H_SUBU: case MIPS_H_AND:
    case MIPS_H_OR: case MIPS_H_XOR: case MIPS_H_NOR: case MIPS_H_SLT: case MIPS_H_SLTU:
    case MIPS_H_MUL:
        a = dst(rd), b = rs, c = rt;
        break;
    case MIPS_H_SLLV: case MIPS_H_SRLV: case MIPS_H_SRAV: /* value in rt, amount in rs */
        a = dst(rd), b = rt, c = rs;
        break;
    case MIPS_H_SLL: case MIPS_H_SRL: case MIPS_H_SRA:
        a = dst(rd), b = rt, imm = word >> 6 & 31;
        break;
    case MIPS_H_ADDI: case MIPS_H_ADDIU: case MIPS_H_SLTI: case MIPS_H_SLTIU:
    case MIPS_H_LW: case MIPS_H_LB: case MIPS_H_LBU: case MIPS_H_LH: case MIPS_H_LHU:
        a = dst(rt), b = rs, imm = simm;
        break;
    case MIPS_H_ANDI: case MIPS_H_ORI: case MIPS_H_XORI:
        a = dst(rt), b = rs, imm = uimm;
        break;
    case MIPS_H_LUI:
        a = dst(rt), imm = uimm << 16;
        break;
    case MIPS_H_SW: case MIPS_H_SB: case MIPS_H_SH:
        a = rt, b = rs, imm = simm;
        break;
    case MIPS_H_MULT: case MIPS_H_MULTU: case MIPS_H_DIV: case MIPS_H_DIVU:
        b = rs, c = rt;
        break;
    case MIPS_H_MFHI: case MIPS_H_MFLO:
        a = dst(rd);
        break;
    case MIPS_H_MTHI: case MIPS_H_MTLO: case MIPS_H_JR:
        a = rs, b = rs;
        break;
    case MIPS_H_BEQ: case MIPS_H_BNE:
    case MIPS_H_BGEZ: case MIPS_H_BGTZ: case MIPS_H_BLEZ: case MIPS_H_BLTZ:
    case MIPS_H_BGEZAL: case MIPS_H_BLTZAL:
        a = rs, b = rt, imm = mips_branch_target(addr, word);
        break;
    case MIPS_H_J: case MIPS_H_JAL:
        imm = mips_jump_target(addr + 4, word);
        break;
    case MIPS_H_JALR:
        a = dst(rd), b = rs;
        break;
    case MIPS_H_NONE: case MIPS_H_RESERVED: case MIPS_H_NOP: case MIPS_H_SYSCALL:
    case MIPS_H_PAGE_END: case MIPS_H_COUNT:
#define MIPS_H_CASE(name) case MIPS_H_##name:
    MIPS_FUSED_HANDLERS(MIPS_H_CASE) /* no row binds one: mips_fuse_at makes them */
#undef MIPS_H_CASE
        break;
    }
    return mips_pack(h, a, b, c, imm);
}

/* The handler of a slot's own instruction, fused or not. */
static unsigned unfused(unsigned h)
{
    switch ((mips_handler)h) {
    case MIPS_H_LW_ADDI: case MIPS_H_LW_ADDIU:
        return MIPS_H_LW;
    case MIPS_H_ADDI_SW: case MIPS_H_ADDI_BNE: case MIPS_H_ADDI_BEQ:
        return MIPS_H_ADDI;
    case MIPS_H_ADDIU_SW: case MIPS_H_ADDIU_BNE: case MIPS_H_ADDIU_BEQ:
        return MIPS_H_ADDIU;
    default:
        return h;
    }
}

/* The pair first, next runs as, or first's own handler. The second must
 * read the register the first writes where the fused handler takes it
 * from (addi's source, sw's value, the branch's first register). */
static unsigned fused(unsigned first, unsigned dest, const mips_decoded *next)
{
    unsigned h = unfused(MIPS_D_H(*next));
    if (dest == MIPS_SINK)
        return first;
    bool addiu = first == MIPS_H_ADDIU;
    switch (first) {
    case MIPS_H_LW:
        if (MIPS_D_B(*next) == dest && (h == MIPS_H_ADDI || h == MIPS_H_ADDIU))
            return h == MIPS_H_ADDI ? MIPS_H_LW_ADDI : MIPS_H_LW_ADDIU;
        break;
    case MIPS_H_ADDI:
    case MIPS_H_ADDIU:
        if (h == MIPS_H_SW && MIPS_D_A(*next) == dest)
            return addiu ? MIPS_H_ADDIU_SW : MIPS_H_ADDI_SW;
        if (h == MIPS_H_BNE && MIPS_D_A(*next) == dest)
            return addiu ? MIPS_H_ADDIU_BNE : MIPS_H_ADDI_BNE;
        if (h == MIPS_H_BEQ && MIPS_D_A(*next) == dest)
            return addiu ? MIPS_H_ADDIU_BEQ : MIPS_H_ADDI_BEQ;
        break;
    default:
        break;
    }
    return first;
}

void mips_fuse_at(mips_decoded *dec, unsigned i)
{
    unsigned own = unfused(MIPS_D_H(dec[i]));
    dec[i].h = (uint8_t)fused(own, MIPS_D_A(dec[i]), &dec[i + 1]);
}
