//! Reading an IR file (`.ll` or `.bc`) into an LLVM module we own.

use std::ffi::{CStr, CString};
use std::path::Path;

use llvm_sys::analysis::{LLVMVerifierFailureAction, LLVMVerifyModule};
use llvm_sys::core::*;
use llvm_sys::prelude::*;

use crate::ir;

/// A parsed module and its context, disposed together.
pub struct OwnedModule {
    context: LLVMContextRef,
    module: LLVMModuleRef,
}

impl OwnedModule {
    /// Parses and verifies `path`.
    pub fn parse_file(path: &Path) -> Result<Self, String> {
        let shown = path.display();
        let c_path = CString::new(path.as_os_str().as_encoded_bytes())
            .map_err(|_| format!("{shown}: path contains a NUL byte"))?;
        // SAFETY: every out-pointer is checked before use; the buffer is
        // owned by ir::version::parse_ir from the call on, whatever it returns.
        unsafe {
            let mut buffer = std::ptr::null_mut();
            let mut message = std::ptr::null_mut();
            if LLVMCreateMemoryBufferWithContentsOfFile(c_path.as_ptr(), &mut buffer, &mut message)
                != 0
            {
                return Err(format!("{shown}: {}", take_message(message)));
            }
            let context = LLVMContextCreate();
            let module = match ir::version::parse_ir(context, buffer) {
                Ok(module) => module,
                Err(e) => {
                    LLVMContextDispose(context);
                    return Err(format!("{shown}: {e}"));
                }
            };
            let owned = OwnedModule { context, module };
            if LLVMVerifyModule(
                module,
                LLVMVerifierFailureAction::LLVMReturnStatusAction,
                &mut message,
            ) != 0
            {
                return Err(format!("{shown}: invalid IR: {}", take_message(message)));
            }
            take_message(message);
            Ok(owned)
        }
    }

    /// The defined functions (declarations skipped), in module order.
    pub fn defined_functions(&self) -> Vec<LLVMValueRef> {
        let mut out = Vec::new();
        // SAFETY: the module is live while `self` is.
        unsafe {
            let mut f = LLVMGetFirstFunction(self.module);
            while !f.is_null() {
                if LLVMIsDeclaration(f) == 0 {
                    out.push(f);
                }
                f = LLVMGetNextFunction(f);
            }
        }
        out
    }
}

impl Drop for OwnedModule {
    fn drop(&mut self) {
        // SAFETY: we own both; the module goes before its context.
        unsafe {
            LLVMDisposeModule(self.module);
            LLVMContextDispose(self.context);
        }
    }
}

/// Copies and frees an LLVM message (null gives "").
unsafe fn take_message(message: *mut std::ffi::c_char) -> String {
    if message.is_null() {
        return String::new();
    }
    let text = CStr::from_ptr(message).to_string_lossy().trim().to_string();
    LLVMDisposeMessage(message);
    text
}
