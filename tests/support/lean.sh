# Sourced by app tests: `lean` holds the options that draw the mud on its lean grid: no fine
# patches near the eye, half-density blocks, no terrain shadow caster (a third of the vertex work
# on a CPU rasterizer). For runs whose checks read the simulation (stats, dumps) or compare
# pictures of one kind, not the relief's fine shape. tools/soak.sh takes the same as SOAK_ARGS.
# shellcheck disable=SC2034
lean=(--set mud.fine_distance=0 --set mud.grid_step=2 --set mud.terrain_shadow=off)
# `lean_render`: the renderer's per-pixel extras off (a 512 shadow map, no SSAO, no DOF, no MSAA),
# the same frame as --quality low draws minus its smaller resolution and the slices' lower mesh
# density and particle counts. For runs whose checks read counts, bench reports or compare pictures
# of one kind among themselves (every run of the test with the same options), not the look.
lean_render=(--set render.shadow=512 --set render.ssao=off --set render.dof=off --set render.msaa=1)
