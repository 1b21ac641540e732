// ogre_peer.cpp — OGRE 1.12's own billboard expansion, timed alone: the peer of imprint's
// particles.build_ms (tools/bb_peer_bench.sh runs both in one go; docs/perf.md keeps the table).
//
//   ogre_peer [--count N] [--frames N] [--warmup N] [--seed N] [--unsorted]
//
// --count billboards (default 100 000) shaped like imprint's --particles fountain: each flies a
// ballistic arc (6..9 m/s up, 0..2.5 m/s sideways, gravity 9.81), lives 1..2.5 s and is reborn
// at the nozzle, has its own size (0.15..0.35 m), rotation and colour, and walks an 8 x 8 atlas
// (setTextureStacksAndSlices(8, 8)) once per life through setTexcoordIndex. The camera is
// docs/scripts/bb_bench.txt's (from (0, 8, 45) towards (0, 4, -1.5), 60 degrees, 16:9): every
// billboard is in view, as in imprint's run. One BillboardSet draws at most 16384 billboards
// (its index buffer is 16-bit), so the count is split evenly over as many sets as it takes.
//
// What is timed, per frame: BillboardSet::_notifyCurrentCamera + _updateRenderQueue of every
// set, the calls a SceneManager makes for a visible set. OGRE sorts each set's billboards back to
// front (setSortingEnabled; --unsorted skips it, which alpha blending cannot afford: imprint
// sorts) and expands each into four vertices (position, colour, texture coordinates; own size,
// rotated by OGRE's default, the cheaper BBR_TEXCOORD) in a locked vertex buffer. The buffers
// come from Ogre::DefaultHardwareBufferManager, i.e. system memory: no window, no GL, no
// upload, which flatters OGRE (imprint's figure includes mapping its GL buffer). Culling is
// OGRE's default, per set (everything is in view). Not timed, on either side: the motion step
// (imprint's sim_ms), the sets' bounds (imprint's sim keeps its chunk boxes) and the draw.
//
// Output: one JSON object on stdout: count, sets, sorted, frames, visible, build_ms {median, p95}.
#include <OGRE/Ogre.h>
#include <OGRE/OgreDefaultHardwareBufferManager.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace {

struct Motion {
    Ogre::Vector3 vel;
    float age, life, rate; // seconds, seconds, atlas frames per second
};

const float kGravity = -9.81f;
const int kFrames = 64; // 8 x 8 atlas cells

struct Fountain {
    std::mt19937 rng;
    std::vector<Ogre::Billboard *> bb;
    std::vector<Motion> m;

    float uniform(float lo, float hi) { return std::uniform_real_distribution<float>(lo, hi)(rng); }

    // (Re)start billboard i at the nozzle; `warm` places it somewhere along its arc already.
    void spawn(size_t i, bool warm)
    {
        Motion &mo = m[i];
        const float a = uniform(0.0f, 6.2831853f), spread = uniform(0.0f, 2.5f);
        mo.vel = Ogre::Vector3(std::cos(a) * spread, uniform(6.0f, 9.0f), std::sin(a) * spread);
        mo.life = uniform(1.0f, 2.5f);
        mo.rate = kFrames / mo.life;
        mo.age = warm ? uniform(0.0f, mo.life * 0.95f) : 0.0f;
        Ogre::Vector3 pos(0.0f, 0.0f, 0.0f);
        pos += mo.vel * mo.age + Ogre::Vector3(0.0f, 0.5f * kGravity * mo.age * mo.age, 0.0f);
        mo.vel.y += kGravity * mo.age;
        Ogre::Billboard *b = bb[i];
        b->setPosition(pos);
        const float s = uniform(0.15f, 0.35f);
        b->setDimensions(s, s);
        b->setRotation(Ogre::Radian(uniform(0.0f, 6.2831853f)));
        const bool sparky = rng() % 4 == 0;
        b->setColour(sparky ? Ogre::ColourValue(1.0f, 0.8f, 0.4f, 1.0f) : Ogre::ColourValue(1.0f, 1.0f, 1.0f, 0.8f));
        b->setTexcoordIndex(static_cast<Ogre::uint16>(static_cast<int>(mo.age * mo.rate) % kFrames));
    }

    // One simulation step: every billboard moves, ages and shows its next atlas cell.
    void step(float dt)
    {
        for (size_t i = 0; i < bb.size(); i++) {
            Motion &mo = m[i];
            mo.age += dt;
            if (mo.age >= mo.life) {
                spawn(i, false);
                continue;
            }
            Ogre::Billboard *b = bb[i];
            b->setPosition(b->getPosition() + mo.vel * dt);
            mo.vel.y += kGravity * dt;
            b->setTexcoordIndex(static_cast<Ogre::uint16>(static_cast<int>(mo.age * mo.rate) % kFrames));
        }
    }
};

// The queue's last step, taking the set for drawing, is declined: there is no render system to
// draw with (and the technique it would look up is never compiled without one).
struct NoDraw : Ogre::RenderQueue::RenderableListener {
    bool renderableQueued(Ogre::Renderable *, Ogre::uint8, Ogre::ushort, Ogre::Technique **, Ogre::RenderQueue *) override
    {
        return false;
    }
};

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

double p95(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[static_cast<size_t>(std::ceil(0.95 * static_cast<double>(v.size()))) - 1];
}

int arg_int(int argc, char **argv, const char *name, int def, int lo, int hi)
{
    for (int i = 1; i + 1 < argc; i++) {
        if (std::strcmp(argv[i], name) != 0) continue;
        char *end = nullptr;
        const long v = std::strtol(argv[i + 1], &end, 10);
        if (*end || v < lo || v > hi) {
            std::fprintf(stderr, "ogre_peer: %s takes an integer in %d..%d\n", name, lo, hi);
            std::exit(2);
        }
        return static_cast<int>(v);
    }
    return def;
}

} // namespace

int main(int argc, char **argv)
{
    bool sorted = true;
    for (int i = 1; i < argc; i++) {
        if (!std::strcmp(argv[i], "--unsorted")) {
            sorted = false;
            continue;
        }
        const bool known = !std::strcmp(argv[i], "--count") || !std::strcmp(argv[i], "--frames") ||
                           !std::strcmp(argv[i], "--warmup") || !std::strcmp(argv[i], "--seed");
        if (!known || i + 1 >= argc) {
            std::fprintf(stderr, "usage: ogre_peer [--count N] [--frames N] [--warmup N] [--seed N] [--unsorted]\n");
            return 2;
        }
        i++;
    }
    const int count = arg_int(argc, argv, "--count", 100000, 1, 10000000);
    const int frames = arg_int(argc, argv, "--frames", 60, 1, 100000);
    const int warmup = arg_int(argc, argv, "--warmup", 10, 0, 100000);
    const int seed = arg_int(argc, argv, "--seed", 1, 0, 1 << 30);

    // OGRE's log to nowhere; no plugins, no render system: a DefaultHardwareBufferManager
    // gives the set system-memory buffers.
    Ogre::LogManager *logs = new Ogre::LogManager();
    logs->createLog("ogre_peer.log", true, false, true);
    logs->setLogDetail(Ogre::LL_LOW);
    Ogre::Root *root = new Ogre::Root("", "", "");
    Ogre::DefaultHardwareBufferManager *buffers = new Ogre::DefaultHardwareBufferManager();
    Ogre::MaterialManager::getSingleton().initialise(); // BaseWhite, the set's default material
    Ogre::SceneManager *sm = root->createSceneManager();

    Ogre::Camera *cam = sm->createCamera("bench");
    cam->setFOVy(Ogre::Degree(60.0f));
    cam->setAspectRatio(16.0f / 9.0f);
    cam->setNearClipDistance(0.1f);
    cam->setFarClipDistance(500.0f);
    Ogre::SceneNode *eye = sm->getRootSceneNode()->createChildSceneNode();
    eye->attachObject(cam);
    eye->setPosition(0.0f, 8.0f, 45.0f);
    eye->lookAt(Ogre::Vector3(0.0f, 4.0f, -1.5f), Ogre::Node::TS_WORLD);

    // One set draws at most 16384 billboards: its index buffer is 16-bit (4 vertices each).
    // More take several sets, split evenly, each sorted on its own (OGRE's limit, not ours).
    const int per_set = 16384;
    const int nsets = (count + per_set - 1) / per_set;
    std::vector<Ogre::BillboardSet *> sets;
    Fountain f{std::mt19937(static_cast<unsigned>(seed)), {}, {}};
    f.bb.resize(static_cast<size_t>(count));
    f.m.resize(static_cast<size_t>(count));
    for (int k = 0, done = 0; k < nsets; k++) {
        const int n = (count - done) / (nsets - k);
        Ogre::BillboardSet *set = sm->createBillboardSet("fountain" + std::to_string(k), static_cast<unsigned>(n));
        set->setAutoextend(false);
        set->setSortingEnabled(sorted);
        set->setBillboardType(Ogre::BBT_POINT);
        set->setBillboardRotationType(Ogre::BBR_TEXCOORD);
        set->setTextureStacksAndSlices(8, 8);
        sm->getRootSceneNode()->attachObject(set);
        for (int i = done; i < done + n; i++) {
            f.bb[static_cast<size_t>(i)] = set->createBillboard(Ogre::Vector3::ZERO);
            f.spawn(static_cast<size_t>(i), true);
        }
        done += n;
        sets.push_back(set);
    }
    sm->getRootSceneNode()->_update(true, false);

    Ogre::RenderQueue queue;
    NoDraw no_draw;
    queue.setRenderableListener(&no_draw);
    std::vector<double> ms;
    size_t visible = 0;
    for (int fr = 0; fr < warmup + frames; fr++) {
        f.step(1.0f / 60.0f);
        for (Ogre::BillboardSet *set : sets)
            set->_updateBounds(); // the sets' boxes for the scene's culling: imprint's sim keeps its chunk boxes
        const auto t0 = std::chrono::steady_clock::now();
        for (Ogre::BillboardSet *set : sets) {
            set->_notifyCurrentCamera(cam);
            set->_updateRenderQueue(&queue);
        }
        const auto t1 = std::chrono::steady_clock::now();
        queue.clear();
        if (fr >= warmup) ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
        visible = 0;
        for (Ogre::BillboardSet *set : sets) {
            Ogre::RenderOperation op;
            set->getRenderOperation(op);
            visible += op.vertexData ? op.vertexData->vertexCount / 4 : 0;
        }
    }
    std::printf("{\"count\": %d, \"sets\": %d, \"sorted\": %s, \"frames\": %d, \"visible\": %zu, "
                "\"build_ms\": {\"median\": %.4f, \"p95\": %.4f}}\n",
                count, nsets, sorted ? "true" : "false", frames, visible, median(ms), p95(ms));

    for (Ogre::BillboardSet *set : sets) sm->destroyBillboardSet(set);
    root->destroySceneManager(sm);
    delete buffers;
    delete root;
    delete logs;
    return 0;
}
