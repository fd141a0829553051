# Turns an LC-3 object file into C source, so a tool can carry an image with
# it (lc3sim's operating system). Run as a script:
#
#   cmake -DINPUT=os.obj -DOUTPUT=lc3_os_image.c -DNAME=lc3_os -DHEADER=lc3_os.h
#         -P embed_obj.cmake
#
# The object file is big-endian 16-bit words, the first the origin. The C file
# defines NAME_origin, NAME_length and NAME_image[] as HEADER declares them.

foreach(var INPUT OUTPUT NAME HEADER)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "embed_obj.cmake: -D${var}=... is required")
  endif()
endforeach()

file(READ "${INPUT}" hex HEX)
string(LENGTH "${hex}" digits)
math(EXPR odd "${digits} % 4")
if(digits LESS 8 OR NOT odd EQUAL 0)
  message(FATAL_ERROR "embed_obj.cmake: ${INPUT} is not an object file "
                      "(an origin and at least one 16-bit word)")
endif()

string(SUBSTRING "${hex}" 0 4 origin)
string(SUBSTRING "${hex}" 4 -1 body)
math(EXPR length "(${digits} - 4) / 4")

# Each word becomes "0xABCD, ", eight to a line.
string(REGEX REPLACE "([0-9a-f][0-9a-f][0-9a-f][0-9a-f])" "0x\\1, " words "${body}")
# (CMake's regular expressions have no {n}: spell the eight out.)
string(REPEAT "0x[0-9a-f]+, " 8 eight)
string(REGEX REPLACE "(${eight})" "\\1\n    " words "${words}")
string(REGEX REPLACE "\n    $" "" words "${words}")
string(REGEX REPLACE " \n" "\n" words "${words}")
string(REGEX REPLACE " $" "\n" words "${words}")
get_filename_component(input_name "${INPUT}" NAME)

file(WRITE "${OUTPUT}" "/* Generated from ${input_name} by scripts/embed_obj.cmake: do not edit. */
#include \"${HEADER}\"

const uint16_t ${NAME}_origin = 0x${origin};
const size_t ${NAME}_length = ${length};
const uint16_t ${NAME}_image[] = {
    ${words}};
")
