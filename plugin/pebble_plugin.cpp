//===- pebble_plugin.cpp - registers Pebble's Rust passes with opt ---------===//
//
// Glue only: no algorithm lives here. This file
//   * describes the plugin to LLVM (llvmGetPassPluginInfo itself is defined in
//     Rust, because a symbol defined only here is not exported by a Rust
//     cdylib; Rust returns what pebble_plugin_info() builds),
//   * registers every pass the Rust side lists, with LLVM-style parameters
//     (`pebble-mem2reg<stats;compat>`), an error naming an unknown parameter
//     or modes that exclude each other, no inner pipeline (`pass(...)`),
//     and printPipeline so -print-pipeline-passes round-trips,
//   * registers at the pipeline-start extension point so that
//     `clang -fpass-plugin=libpebble.so` runs Pebble passes,
//   * switches a function to debug intrinsics around the Rust call (the C API
//     cannot see LLVM 19's debug records) and back; on LLVM 22 only for a
//     pass that still reads intrinsics (the others read records),
//   * reports an error returned by Rust (including a caught panic) through
//     LLVMContext::emitError, so opt prints `error: ...` instead of aborting,
//   * forwards to Rust the accessors the C API lacks that Rust needs: the
//     size of a debug variable (pebble_variable_size_in_bits), the bounds of
//     a `range` attribute and whether a value is declared not null
//     (pebble_range_attribute, pebble_declared_non_null), a block's
//     number (pebble_block_number, LLVM 22), the debug-record operations
//     LLVM 22's C API lacks (pebble_record_*) and the size of
//     PassPluginLibraryInfo (pebble_plugin_info_size, for the ABI test).
//
// It builds against LLVM 19 and LLVM 22; every difference between the two is
// in an `#if LLVM_VERSION_MAJOR` block (header path, plugin info fields,
// the debug-record format switch, BasicBlock::getNumber).
//
//===----------------------------------------------------------------------===//

#include "llvm/IR/Argument.h"
#include "llvm/IR/ConstantRange.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Passes/PassBuilder.h"
#if LLVM_VERSION_MAJOR >= 22
#include "llvm/IR/DebugProgramInstruction.h"
#include "llvm/Plugins/PassPlugin.h"
#include "llvm/Transforms/Utils/ValueMapper.h"
#else
#include "llvm/Passes/PassPlugin.h"
#endif
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm-c/Types.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>

using namespace llvm;

// Implemented in Rust (src/ffi.rs). Every one of them catches panics.
extern "C" {
uint32_t pebble_pass_count();
const char *pebble_pass_name(uint32_t Pass);
// Bit index of a parameter of a pass, or -1 when the pass has no such one.
int32_t pebble_pass_param_bit(uint32_t Pass, const char *Name, size_t Len);
// Name of parameter bit `Bit` of a pass, or null.
const char *pebble_pass_param_name(uint32_t Pass, uint32_t Bit);
// A comma-separated list of the parameters of a pass, for error messages.
const char *pebble_pass_param_list(uint32_t Pass);
// Why the parameter bits do not go together (modes that exclude each other),
// to release with pebble_free_message; null when they do.
char *pebble_pass_param_conflict(uint32_t Pass, uint32_t Flags);
// 0 unchanged, 1 changed with the CFG kept, 2 changed with the CFG changed,
// -1 error: *Message is set and must be released with pebble_free_message.
int32_t pebble_run_function_pass(uint32_t Pass, uint32_t Flags,
                                 LLVMValueRef Fn, char **Message);
void pebble_free_message(char *Message);
// Whether the glue converts the function's debug records to intrinsics
// around the pass (on LLVM 19, for the passes that read or write them).
int32_t pebble_pass_converts_debug_records(uint32_t Pass);
}

// Called by Rust (src/transforms/mem2reg/debug_info.rs): the size in bits of
// a DILocalVariable (DIVariable::getSizeInBits), 0 when unknown or when
// `Var` is not a variable. The C API has no accessor for a variable's type.
extern "C" uint64_t pebble_variable_size_in_bits(LLVMMetadataRef Var) {
  if (auto *V = dyn_cast_or_null<DIVariable>(unwrap(Var)))
    if (std::optional<uint64_t> Size = V->getSizeInBits())
      return *Size;
  return 0;
}

// Called by Rust (src/transforms/sccp/read/bounds.rs): the `range` attribute
// of a call's result (CallBase::getRange: the call site's, else the
// callee's), of an argument (Argument::getRange) or of a function's return,
// for integers of at most 64 bits: returns 1 and sets [*Lower, *Upper)
// (zero-extended), 0 when there is none. The C API can test for a range
// attribute but not read its bounds.
extern "C" int pebble_range_attribute(LLVMValueRef V, uint64_t *Lower,
                                      uint64_t *Upper) {
  std::optional<ConstantRange> R;
  if (auto *CB = dyn_cast<CallBase>(unwrap(V)))
    R = CB->getRange();
  else if (auto *A = dyn_cast<Argument>(unwrap(V)))
    R = A->getRange();
  else if (auto *F = dyn_cast<Function>(unwrap(V)))
    if (Attribute A = F->getRetAttribute(Attribute::Range); A.isValid())
      R = A.getRange();
  if (!R || R->getBitWidth() > 64)
    return 0;
  *Lower = R->getLower().getZExtValue();
  *Upper = R->getUpper().getZExtValue();
  return 1;
}

// Called by Rust (src/transforms/sccp/read/bounds.rs): whether a call's
// result (CallBase::isReturnNonNull: `nonnull`, or `dereferenceable` where
// null is not a valid address) or an argument (Argument::hasNonNullAttr, the
// same rules) is declared not null.
extern "C" int pebble_declared_non_null(LLVMValueRef V) {
  if (auto *CB = dyn_cast<CallBase>(unwrap(V)))
    return CB->isReturnNonNull();
  if (auto *A = dyn_cast<Argument>(unwrap(V)))
    return A->hasNonNullAttr();
  return 0;
}

#if LLVM_VERSION_MAJOR >= 22
// Called by Rust (src/ir/version.rs): BasicBlock::getNumber, the number
// LLVM 22's mem2reg sorts phi blocks by (not exposed by the C API).
extern "C" unsigned pebble_block_number(LLVMBasicBlockRef BB) {
  return unwrap(BB)->getNumber();
}

// Debug records for src/ir/debug_records.rs: what LLVM 22's C API lacks
// (it iterates records and reads their kind, variable, expression and
// location, and inserts them before an instruction; these do the rest).

// Fills Out[0..Cap) with `List`'s records; returns how many there are.
template <typename ListT>
static unsigned fillRecords(const ListT &List, LLVMDbgRecordRef *Out,
                            unsigned Cap) {
  unsigned N = 0;
  for (DbgVariableRecord *DVR : List) {
    if (N < Cap)
      Out[N] = wrap(static_cast<DbgRecord *>(DVR));
    ++N;
  }
  return N;
}

// The records whose location is V itself (not a DIArgList holding it), in
// findDbgUsers order (what LLVM's mem2reg reads).
extern "C" unsigned pebble_record_users(LLVMValueRef V, LLVMDbgRecordRef *Out,
                                        unsigned Cap) {
  Value *Val = unwrap(V);
  auto *VAM = ValueAsMetadata::getIfExists(Val);
  if (!VAM)
    return 0;
  SmallVector<DbgVariableRecord *> All, Direct;
  findDbgUsers(Val, All);
  for (DbgVariableRecord *DVR : All)
    if (DVR->getRawLocation() == VAM)
      Direct.push_back(DVR);
  return fillRecords(Direct, Out, Cap);
}

// The dbg_assign records linked to Inst by its DIAssignID.
extern "C" unsigned pebble_record_assign_markers(LLVMValueRef Inst,
                                                 LLVMDbgRecordRef *Out,
                                                 unsigned Cap) {
  SmallVector<DbgVariableRecord *> Markers;
  for (DbgVariableRecord *DVR :
       at::getDVRAssignmentMarkers(cast<Instruction>(unwrap(Inst))))
    if (!is_contained(Markers, DVR))
      Markers.push_back(DVR);
  return fillRecords(Markers, Out, Cap);
}

// A variable record's location as it is (ValueAsMetadata, DIArgList or an
// empty node), and setting it.
extern "C" LLVMMetadataRef pebble_record_location(LLVMDbgRecordRef R) {
  return wrap(cast<DbgVariableRecord>(unwrap(R))->getRawLocation());
}

extern "C" void pebble_record_set_location(LLVMDbgRecordRef R,
                                           LLVMMetadataRef Location) {
  cast<DbgVariableRecord>(unwrap(R))->setRawLocation(unwrap(Location));
}

// The block holding record R (the C API has no record parent).
extern "C" LLVMBasicBlockRef pebble_record_block(LLVMDbgRecordRef R) {
  return wrap(unwrap(R)->getMarker()->getParent());
}

extern "C" void pebble_record_erase(LLVMDbgRecordRef R) {
  unwrap(R)->eraseFromParent();
}

// Moves Inst to the end of BB with its records, as splitting a block does
// (removing it would leave them on the next instruction).
extern "C" void pebble_record_move_to_end(LLVMValueRef Inst,
                                          LLVMBasicBlockRef BB) {
  BasicBlock *Block = unwrap(BB);
  cast<Instruction>(unwrap(Inst))->moveBeforePreserving(*Block, Block->end());
}

// Moves Inst just before Before with its records, after Before's records:
// where an intrinsic call moved before Before would land (MergeBlockInto-
// Predecessor's splice before a terminator keeps this order).
extern "C" void pebble_record_move_before(LLVMValueRef Inst,
                                          LLVMValueRef Before) {
  auto *I = cast<Instruction>(unwrap(Inst));
  auto *B = cast<Instruction>(unwrap(Before));
  BasicBlock::iterator Where = B->getIterator();
  Where.setHeadBit(true);
  I->moveBeforePreserving(*B->getParent(), Where);
  I->adoptDbgRecords(B->getParent(), B->getIterator(), /*InsertAtHead=*/true);
}

// Moves every record of From onto To, before To's own records (AtHead) or
// after them: what erasing a terminator whose block is then spliced needs.
extern "C" void pebble_record_move_all(LLVMValueRef From, LLVMValueRef To,
                                       int32_t AtHead) {
  auto *F = cast<Instruction>(unwrap(From));
  cast<Instruction>(unwrap(To))
      ->adoptDbgRecords(F->getParent(), F->getIterator(), AtHead != 0);
}

// The values a variable record's location names
// (DbgVariableRecord::location_ops); returns how many there are.
extern "C" unsigned pebble_record_location_ops(LLVMDbgRecordRef R,
                                               LLVMValueRef *Out,
                                               unsigned Cap) {
  unsigned N = 0;
  for (Value *V : cast<DbgVariableRecord>(unwrap(R))->location_ops()) {
    if (N < Cap)
      Out[N] = wrap(V);
    ++N;
  }
  return N;
}

// A copy of record R (any kind) with Keys[k] replaced by Values[k] and every
// other value kept (RemapDbgRecord with RF_IgnoreMissingLocals, as loop
// rotation remaps the records it clones), inserted just before Before,
// after Before's records.
extern "C" void pebble_record_clone_remapped(LLVMDbgRecordRef R,
                                             LLVMValueRef Before,
                                             const LLVMValueRef *Keys,
                                             const LLVMValueRef *Values,
                                             unsigned N) {
  DbgRecord *Copy = unwrap(R)->clone();
  ValueToValueMapTy Map;
  for (unsigned K = 0; K < N; ++K)
    Map[unwrap(Keys[K])] = unwrap(Values[K]);
  auto *I = cast<Instruction>(unwrap(Before));
  RemapDbgRecord(I->getModule(), Copy, Map,
                 RF_NoModuleLevelChanges | RF_IgnoreMissingLocals);
  I->getParent()->insertDbgRecordBefore(Copy, I->getIterator());
}

// A new #dbg_declare (Declare) or #dbg_value: just before the record
// BeforeRecord when it is given, else before instruction BeforeInst, at the
// head of its records (AtHead) or after them.
extern "C" void pebble_record_insert(int32_t Declare, LLVMMetadataRef Location,
                                     LLVMMetadataRef Variable,
                                     LLVMMetadataRef Expression,
                                     LLVMMetadataRef DebugLoc,
                                     LLVMValueRef BeforeInst, int32_t AtHead,
                                     LLVMDbgRecordRef BeforeRecord) {
  auto *DVR = new DbgVariableRecord(
      unwrap(Location), cast<DILocalVariable>(unwrap(Variable)),
      cast<DIExpression>(unwrap(Expression)),
      cast_or_null<DILocation>(unwrap(DebugLoc)),
      Declare ? DbgVariableRecord::LocationType::Declare
              : DbgVariableRecord::LocationType::Value);
  if (BeforeRecord) {
    DVR->insertBefore(unwrap(BeforeRecord));
    return;
  }
  auto *I = cast<Instruction>(unwrap(BeforeInst));
  BasicBlock::iterator Where = I->getIterator();
  Where.setHeadBit(AtHead != 0);
  I->getParent()->insertDbgRecordBefore(DVR, Where);
}
#endif

namespace {

#if LLVM_VERSION_MAJOR < 22
// Whether F holds a debug record. Stops at the first (in -g code, in the
// entry block), so the converting passes pay one walk over a function
// without debug info, where converting it there and back took two, and
// next to nothing over one with.
bool hasDebugRecords(Function &F) {
  for (BasicBlock &BB : F) {
    if (BB.getTrailingDbgRecords())
      return true;
    for (Instruction &I : BB)
      if (I.hasDbgRecords())
        return true;
  }
  return false;
}
#endif

struct PebblePass : PassInfoMixin<PebblePass> {
  uint32_t Pass;
  uint32_t Flags;

  PebblePass(uint32_t Pass, uint32_t Flags) : Pass(Pass), Flags(Flags) {}

  PreservedAnalyses run(Function &F, FunctionAnalysisManager &) {
    if (F.isDeclaration())
      return PreservedAnalyses::all();
    // LLVM 19's C API cannot iterate debug records at all
    // (LLVMGetFirstDbgRecord is LLVM 20): a pass whose Rust reads or writes
    // debug markers gets them as intrinsics there, converted around the
    // call (pebble_pass_converts_debug_records; each conversion walks every
    // instruction). A pass that never looks at them runs on records, as on
    // LLVM 22, where Rust reads records through the C API and the
    // pebble_record_* forwarders above.
    bool Records = pebble_pass_converts_debug_records(Pass) != 0;
#if LLVM_VERSION_MAJOR < 22
    Records = Records && F.IsNewDbgInfoFormat && hasDebugRecords(F);
#endif
    if (Records)
      F.convertFromNewDbgValues();
    char *Message = nullptr;
    int32_t Status = pebble_run_function_pass(Pass, Flags, wrap(&F), &Message);
    if (Records)
      F.convertToNewDbgValues();
    if (Status < 0) {
      std::string Text = Message ? Message : "unknown error";
      pebble_free_message(Message);
      F.getContext().emitError(Twine(pebble_pass_name(Pass)) + ": @" +
                               F.getName() + ": " + Text);
      return PreservedAnalyses::none();
    }
    if (Status == 0)
      return PreservedAnalyses::all();
    if (Status == 1) {
      PreservedAnalyses PA;
      PA.preserveSet<CFGAnalyses>();
      return PA;
    }
    return PreservedAnalyses::none();
  }

  void printPipeline(raw_ostream &OS,
                     function_ref<StringRef(StringRef)> /*MapClassName*/) {
    OS << pebble_pass_name(Pass);
    if (!Flags)
      return;
    OS << '<';
    bool First = true;
    for (uint32_t Bit = 0; Bit < 32; ++Bit) {
      if (!(Flags & (1u << Bit)))
        continue;
      if (const char *Name = pebble_pass_param_name(Pass, Bit)) {
        OS << (First ? "" : ";") << Name;
        First = false;
      }
    }
    OS << '>';
  }

  static bool isRequired() { return true; }
};

Expected<uint32_t> parseFlags(uint32_t Pass, StringRef Params) {
  uint32_t Flags = 0;
  while (!Params.empty()) {
    StringRef Name;
    std::tie(Name, Params) = Params.split(';');
    if (Name.empty())
      continue;
    int32_t Bit = pebble_pass_param_bit(Pass, Name.data(), Name.size());
    if (Bit < 0)
      return make_error<StringError>(
          formatv("invalid {0} pass parameter '{1}' (valid: {2})",
                  pebble_pass_name(Pass), Name, pebble_pass_param_list(Pass))
              .str(),
          inconvertibleErrorCode());
    Flags |= 1u << Bit;
  }
  if (char *Conflict = pebble_pass_param_conflict(Pass, Flags)) {
    std::string Text = Conflict;
    pebble_free_message(Conflict);
    return make_error<StringError>(Text, inconvertibleErrorCode());
  }
  return Flags;
}

bool parsePebblePass(StringRef Text, FunctionPassManager &FPM,
                     ArrayRef<PassBuilder::PipelineElement> InnerPipeline) {
  for (uint32_t Pass = 0, N = pebble_pass_count(); Pass < N; ++Pass) {
    StringRef Name = pebble_pass_name(Pass);
    if (!PassBuilder::checkParametrizedPassName(Text, Name))
      continue;
    // `pebble-mem2reg(...)`: a function pass takes no inner pipeline. Not
    // ours, so opt reports "invalid use of 'pebble-mem2reg' pass as
    // function pipeline", as for its own function passes.
    if (!InnerPipeline.empty())
      return false;
    auto Flags = PassBuilder::parsePassParameters(
        [Pass](StringRef Params) { return parseFlags(Pass, Params); }, Text,
        Name);
    if (!Flags) {
      // The callback can only say "not mine"; say why before opt reports
      // the pipeline as unparsable (non-zero exit).
      errs() << "error: " << toString(Flags.takeError()) << "\n";
      return false;
    }
    FPM.addPass(PebblePass(Pass, *Flags));
    return true;
  }
  return false;
}

void registerCallbacks(PassBuilder &PB) {
  PB.registerPipelineParsingCallback(
      [](StringRef Text, FunctionPassManager &FPM,
         ArrayRef<PassBuilder::PipelineElement> InnerPipeline) {
        return parsePebblePass(Text, FPM, InnerPipeline);
      });
  // After a module pass (`-passes='default<O2>,pebble-sccp'`,
  // `function(mem2reg),pebble-sroa`) a Pebble pass runs on every function,
  // as LLVM adapts its own function passes there. Only after one: opt also
  // asks the module callbacks about the first name of a pipeline, with an
  // empty pass manager, to decide whether the pipeline is a module one;
  // claiming our names there would make `pebble-mem2reg,pebble-sccp` a
  // module pipeline (each pass over all functions in turn, not function by
  // function as for LLVM's `sroa,instcombine`). So a Pebble pass first in
  // `module(...)` is not accepted.
  PB.registerPipelineParsingCallback(
      [](StringRef Text, ModulePassManager &MPM,
         ArrayRef<PassBuilder::PipelineElement> InnerPipeline) {
        if (MPM.isEmpty())
          return false;
        FunctionPassManager FPM;
        if (!parsePebblePass(Text, FPM, InnerPipeline))
          return false;
        MPM.addPass(createModuleToFunctionPassAdaptor(std::move(FPM)));
        return true;
      });
  // clang -fpass-plugin=libpebble.so: run PEBBLE_PIPELINE_START (a function
  // pipeline, default `pebble-mem2reg`; empty or `none` disables) first.
  PB.registerPipelineStartEPCallback([&PB](ModulePassManager &MPM,
                                           OptimizationLevel) {
    const char *Env = std::getenv("PEBBLE_PIPELINE_START");
    std::string Pipeline = Env ? Env : "pebble-mem2reg";
    if (Pipeline.empty() || Pipeline == "none")
      return;
    FunctionPassManager FPM;
    if (Error E = PB.parsePassPipeline(FPM, Pipeline)) {
      errs() << "error: PEBBLE_PIPELINE_START='" << Pipeline
             << "': " << toString(std::move(E)) << "\n";
      return;
    }
    MPM.addPass(createModuleToFunctionPassAdaptor(std::move(FPM)));
  });
}

} // namespace

extern "C" PassPluginLibraryInfo pebble_plugin_info() {
#if LLVM_VERSION_MAJOR >= 22
  // The fifth field: no code-generation hook.
  return {LLVM_PLUGIN_API_VERSION, "Pebble", "0.1.0", registerCallbacks,
          /*PreCodeGenCallback=*/nullptr};
#else
  return {LLVM_PLUGIN_API_VERSION, "Pebble", "0.1.0", registerCallbacks};
#endif
}

// The size of the struct the Rust mirror (src/ffi.rs) must match; exported
// through Rust for tests/plugin_abi.rs.
extern "C" size_t pebble_plugin_info_size_cxx() {
  return sizeof(PassPluginLibraryInfo);
}
