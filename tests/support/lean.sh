# Sourced by app tests: `lean` holds the options that draw the mud on its lean grid: no fine
# patches near the eye, half-density blocks, no terrain shadow caster (a third of the vertex work
# on a CPU rasterizer). For runs whose checks read the simulation (stats, dumps) or compare
# pictures of one kind, not the relief's fine shape. tools/soak.sh takes the same as SOAK_ARGS.
# shellcheck disable=SC2034
lean=(--set mud.fine_distance=0 --set mud.grid_step=2 --set mud.terrain_shadow=off)
