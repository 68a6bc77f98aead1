#include "editor/rustlexer.h"

namespace Sandpit::Ui {

const char *RustLexer::keywords(int set) const
{
    switch (set) {
    case 1:
        return "as async await break const continue crate dyn else enum extern false fn for if impl in let loop "
               "match mod move mut pub ref return self Self static struct super trait true type unsafe use where while";
    case 2:
        return "bool char str i8 i16 i32 i64 i128 isize u8 u16 u32 u64 u128 usize f32 f64 String Vec Option Some None "
               "Result Ok Err Box";
    default:
        return nullptr;
    }
}

} // namespace Sandpit::Ui
