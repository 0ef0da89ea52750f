// `oblique contacts`: one collision pass over a scene as loaded, printed as JSON.

#include "command.hpp"
#include "oblique/compare/box2d_world.hpp"
#include "oblique/compare/json_report.hpp"
#include "oblique/compare/oblique_world.hpp"
#include "oblique/scene.hpp"

#include <iostream>
#include <memory>
#include <string>

namespace oblique::cli
{

namespace
{

struct ContactsOptions
{
    std::string scenePath;
    std::string engine = "oblique";
};

int runContacts(const ContactsOptions& options)
{
    const Scene scene = loadScene(options.scenePath);
    // The option's validator only lets the two names through.
    const compare::Engine engine = compare::parseEngine(options.engine).value_or(compare::Engine::Oblique);

    std::vector<compare::PairContact> contacts;
    if (engine == compare::Engine::Box2d)
    {
        compare::Box2dWorld world(scene);
        contacts = world.collide();
    }
    else
    {
        compare::ObliqueWorld world(scene);
        contacts = world.collide();
    }
    compare::writeJson(std::cout, compare::contactsReport(engine, contacts));
    return kExitSuccess;
}

} // namespace

Command addContactsCommand(CLI::App& program)
{
    auto options = std::make_shared<ContactsOptions>();
    CLI::App* sub = program.add_subcommand(
        "contacts", "Run collision detection once on a scene as loaded and print the touching pairs as JSON");
    addSceneOption(sub, options->scenePath);
    addEngineOption(sub, options->engine, "Engine that finds the contacts");
    return {sub, [options] { return runContacts(*options); }};
}

} // namespace oblique::cli
