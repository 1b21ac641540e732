/* bb_options.h — the billboards' command-line options (GL-free): an options_ext the app hands
 * options_parse (base/options.h).
 *
 *   options_cli cli = {.scenes = ..., .ext = {&bb_options, ...}};
 *
 * --batcher KIND (bb_batcher_names, default instanced), --bb-align MODE (bb_align_names, default
 * auto), --particles N (0..10,000,000 extra billboards), --particles-gpu N (0..4,000,000
 * transform-feedback particles). Values land in options.batcher, bb_align, particles,
 * particles_gpu; src/bb/fx.c reads them.
 */
#ifndef IMPRINT_BB_OPTIONS_H
#define IMPRINT_BB_OPTIONS_H

#include "base/options.h"

extern const options_ext bb_options;

#endif
