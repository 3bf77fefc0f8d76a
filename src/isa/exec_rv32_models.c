/* The RV32 instance of the timed dispatch loop for a data model and a BTC with inline hits
 * (hart.data_hits and btc_hits: MicroBlaze V), whose loads and stores check the model's TLB
 * first and which need not test for either (EXEC_MODEL_HITS, isa/exec_template.h; hart_run
 * takes it only while every model runs inline: hart.models_loop, hart/model_hits.h). */
#define XLEN 32
#define EXEC_TIMED 1
#define EXEC_MODEL_HITS 1
#define EXEC_FUNC hart_run_rv32_models
#include "isa/exec_template.h"
