import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractSource } from '../../../../src/index/extract/extract.js';
import type { FileExtraction } from '../../../../src/model.js';
import { routeLines } from '../../../support/route-lines.js';

const routes = (ex: FileExtraction): string[] => routeLines(ex);

test('Laravel routes: a controller array or "Controller@method", a single-action controller\'s __invoke, a closure\'s calls, any and match; other static calls are not routes', async () => {
  const source = [
    '<?php',
    'use App\\Http\\Controllers\\UserController;',
    "Route::get('/users/{id}', [UserController::class, 'show'])->name('users.show');",
    "Route::post('users', 'App\\\\Http\\\\Controllers\\\\UserController@store');",
    "Route::get('/analytics', Cpanel\\AnalyticsController::class)->name('analytics');",
    "Route::get('/const', UserController::ROLE);",
    "Route::any('/ping', function () { return response()->json(status()); });",
    "Route::match(['get', 'post'], '/search', [SearchController::class, 'run']);",
    "Cache::get('/key', 'default');",
    "Route::middleware('auth');",
    "Route::prefix('admin')->middleware('auth')->group(function () {",
    "    Route::get('/users', [AdminController::class, 'users']);",
    "    Route::group(['prefix' => 'reports', 'as' => 'r.'], function () {",
    "        Route::delete('{id}', [ReportController::class, 'destroy']);",
    '    });',
    '});',
    '',
  ].join('\n');
  const ex = await extractSource('php', source, 'routes/web.php');
  assert.deepEqual(routes(ex), [
    'GET /users/{id} -> UserController.show', 'POST /users -> UserController.store', 'GET /analytics -> AnalyticsController.__invoke',
    'ANY /ping -> response().json, response, status',
    'GET /search -> SearchController.run', 'POST /search -> SearchController.run',
    'GET /admin/users -> AdminController.users', 'DELETE /admin/reports/{id} -> ReportController.destroy',
  ]);
});

test('Laravel views, redirects, a handler in a variable and resources, with only and except and their parameter in the singular', async () => {
  const source = [
    '<?php',
    "Route::view('/welcome', 'welcome', ['name' => 'Taylor']);",
    "Route::redirect('/here', '/there');",
    "Route::get('after', $controller)->middleware('auth');",
    "Route::apiResource('categories', CategoryController::class);",
    "Route::prefix('admin')->group(function () {",
    "    Route::resource('photos', Admin\\PhotoController::class);",
    '});',
    "Route::resource('photos.comments', CommentController::class);",
    "Route::resource('statuses', StatusController::class)->only(['index', 'show']);",
    "Route::apiResource('user-profiles', ProfileController::class)->except(['destroy', 'update']);",
    "Route::resource('people', PersonController::class)->names('folks')->only('show');",
    '',
  ].join('\n');
  const ex = await extractSource('php', source, 'routes/web.php');
  assert.deepEqual(routes(ex), [
    'GET /welcome -> ', 'ANY /here -> ', 'GET /after -> ',
    'GET /categories -> CategoryController.index', 'POST /categories -> CategoryController.store', 'GET /categories/{category} -> CategoryController.show',
    'PUT /categories/{category} -> CategoryController.update', 'PATCH /categories/{category} -> CategoryController.update', 'DELETE /categories/{category} -> CategoryController.destroy',
    'GET /admin/photos -> PhotoController.index', 'GET /admin/photos/create -> PhotoController.create', 'POST /admin/photos -> PhotoController.store',
    'GET /admin/photos/{photo} -> PhotoController.show', 'GET /admin/photos/{photo}/edit -> PhotoController.edit', 'PUT /admin/photos/{photo} -> PhotoController.update',
    'PATCH /admin/photos/{photo} -> PhotoController.update', 'DELETE /admin/photos/{photo} -> PhotoController.destroy',
    'GET /statuses -> StatusController.index', 'GET /statuses/{status} -> StatusController.show',
    'GET /user-profiles -> ProfileController.index', 'POST /user-profiles -> ProfileController.store', 'GET /user-profiles/{user_profile} -> ProfileController.show',
    'GET /people/{person} -> PersonController.show',
  ]);
});

test('Symfony routes: a method\'s #[Route] under its class\'s, with its methods or any; methods without one are no routes', async () => {
  const source = [
    '<?php',
    'namespace App\\Controller;',
    "#[Route('/blog', name: 'blog_')]",
    'class BlogController extends AbstractController {',
    "    #[Route('/{slug}', name: 'show', methods: ['GET', 'head'])]",
    '    public function show(string $slug): Response { return $this->render(); }',
    "    #[Route(path: '/feed')]",
    '    public function feed(): Response {}',
    '    public function helper() {}',
    '}',
    '',
  ].join('\n');
  const ex = await extractSource('php', source, 'src/Controller/BlogController.php');
  assert.deepEqual(routes(ex), ['GET /blog/{slug} -> this.show', 'HEAD /blog/{slug} -> this.show', 'ANY /blog/feed -> this.feed']);
  const controller = ex.symbols.findIndex((s) => s.name === 'BlogController');
  assert.ok(ex.symbols.filter((s) => s.kind === 'route').every((s) => s.parent === controller));
});

test('Symfony routes in doc comments and without a path of their own; a doc comment without @Route declares none', async () => {
  const source = [
    '<?php',
    '/**',
    ' * @Route("/blog")',
    ' */',
    'class BlogController extends AbstractController {',
    '    /**',
    '     * Shows a post.',
    '     * @Route("/{slug}", name="blog_show", methods={"GET", "HEAD"})',
    '     */',
    '    public function show($slug) { return $this->render(); }',
    '    /**',
    '     * @Route(path="/feed", name="feed")',
    '     * @Method("GET")',
    '     */',
    '    public function feed() {}',
    "    #[Route(name: 'create', methods: ['POST'])]",
    '    public function create() {}',
    '    /**',
    '     * @Route(name="blog_update", methods={"PUT"})',
    '     */',
    '    public function update() {}',
    '    /**',
    '     * @Route({"nl": "/over", "en": "/about"}, name="about")',
    '     */',
    '    public function about() {}',
    '    /**',
    '     * @Route(',
    '     *     "/{slug}/edit",',
    '     *     name="blog_edit",',
    '     *     methods={"GET"}',
    '     * )',
    '     */',
    '    public function edit() {}',
    '    /**',
    '     * @Route(',
    '     *     {"nl": "/archief", "en": "/archive"}',
    '     * )',
    '     */',
    '    public function archive() {}',
    '    /** A helper. */',
    '    public function helper() {}',
    '}',
    '',
  ].join('\n');
  const ex = await extractSource('php', source, 'src/Controller/BlogController.php');
  assert.deepEqual(routes(ex), ['GET /blog/{slug} -> this.show', 'HEAD /blog/{slug} -> this.show', 'GET /blog/feed -> this.feed', 'POST /blog -> this.create', 'PUT /blog -> this.update', 'GET /blog/{slug}/edit -> this.edit']);
});

test('Symfony: an annotation mentioned inside a doc comment\'s text, an unknown method and a path that is no literal declare nothing; long hostile doc comments are read in one pass', async () => {
  const source = [
    '<?php',
    'class BlogController {',
    '    /**',
    '     * Replaces the old @Route("/old") of this action.',
    '     * @Route("/new", methods={"GET", "OAUTH"})',
    '     */',
    '    public function current() {}',
    "    #[Route(self::LIST_PATH, name: 'list')]",
    '    public function list() {}',
    "    #[Route(['en' => '/about', 'nl' => '/over-ons'])]",
    '    public function about() {}',
    '    /**',
    `     * @Method(${' '.repeat(4000)}`,
    `     * @Route(${' '.repeat(100_000)}`,
    '     */',
    '    public function hostile() {}',
    '}',
    '',
  ].join('\n');
  const ex = await extractSource('php', source, 'src/Controller/BlogController.php');
  assert.deepEqual(routes(ex), ['GET /new -> this.current']);
});


test('Laravel groups nested two thousand deep: the route is under every prefix (a route climbed the tree through them, 5.5 s here), and a route after them under none', async () => {
  const depth = 2000;
  const source = ['<?php', ...Array<string>(depth).fill("Route::prefix('a')->group(function () {"), "Route::get('/x', 'C@show');", ...Array<string>(depth).fill('});'), "Route::get('/y', 'C@list');", ''].join('\n');
  const ex = await extractSource('php', source, 'routes/web.php');
  assert.deepEqual(routes(ex), [`GET ${'/a'.repeat(depth)}/x -> C.show`, 'GET /y -> C.list']);
});
