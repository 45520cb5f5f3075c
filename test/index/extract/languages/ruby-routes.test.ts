import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractSource } from '../../../../src/index/extract/extract.js';
import type { FileExtraction } from '../../../../src/model.js';
import { routeLines } from '../../../support/route-lines.js';

const routes = (ex: FileExtraction): string[] => routeLines(ex, { keep: (r) => r.receiver?.endsWith('Controller') === true, separator: '#' });

const SOURCE = [
  'Rails.application.routes.draw do',
  "  root 'pages#home'",
  "  get 'about', to: 'pages#about'",
  "  post '/login' => 'sessions#create'",
  '  resources :photos, only: [:index, :show]',
  '  resource :profile, except: :destroy',
  '  namespace :admin do',
  '    resources :users, only: :update do',
  '      member do',
  "        post 'ban'",
  '      end',
  '      resources :notes, only: [:index]',
  '    end',
  '  end',
  "  scope '/api' do",
  "    delete 'sessions', to: 'sessions#destroy'",
  '  end',
  'end',
  '',
].join('\n');

test('Rails routes: root, verbs with to: or =>, resources and resource with only and except, namespaces, scopes, member and nested resources', async () => {
  const ex = await extractSource('ruby', SOURCE, 'config/routes.rb');
  assert.deepEqual(routes(ex), [
    'GET / -> PagesController#home',
    'GET /about -> PagesController#about',
    'POST /login -> SessionsController#create',
    'GET /photos -> PhotosController#index',
    'GET /photos/:id -> PhotosController#show',
    'GET /profile/new -> ProfilesController#new',
    'POST /profile -> ProfilesController#create',
    'GET /profile -> ProfilesController#show',
    'GET /profile/edit -> ProfilesController#edit',
    'PATCH /profile -> ProfilesController#update',
    'PUT /profile -> ProfilesController#update',
    'PATCH /admin/users/:id -> Admin::UsersController#update',
    'PUT /admin/users/:id -> Admin::UsersController#update',
    'POST /admin/users/:id/ban -> Admin::UsersController#ban',
    'GET /admin/users/:user_id/notes -> Admin::NotesController#index',
    'DELETE /api/sessions -> SessionsController#destroy',
  ]);
});

test('the same calls outside a routes file are no routes', async () => {
  const ex = await extractSource('ruby', SOURCE, 'app/models/photo.rb');
  assert.deepEqual(routes(ex), []);
});

test('Rails routes: match with via (one route per method, any method without via or with :all), options written with hash rockets', async () => {
  const ex = await extractSource('ruby', [
    'Rails.application.routes.draw do',
    "  match 'boards/:board_id/topics/quote/:id', :to => 'messages#quote', :via => [:get, :post]",
    "  match '/issues/:id/quoted', :to => 'journals#new', :id => /\\d+/, :via => :post",
    "  match 'search', :controller => 'search', :to => 'search#index', :via => :all",
    "  match 'legacy', to: 'pages#legacy'",
    "  get 'projects/:id/issues/report', :to => 'reports#issue_report'",
    'end',
    '',
  ].join('\n'), 'config/routes.rb');
  assert.deepEqual(routes(ex), [
    'GET /boards/:board_id/topics/quote/:id -> MessagesController#quote',
    'POST /boards/:board_id/topics/quote/:id -> MessagesController#quote',
    'POST /issues/:id/quoted -> JournalsController#new',
    'ANY /search -> SearchController#index',
    'ANY /legacy -> PagesController#legacy',
    'GET /projects/:id/issues/report -> ReportsController#issue_report',
  ]);
});

test('Rails routes: a target written as controller and action options (hash rockets or keywords); a variable action is none', async () => {
  const ex = await extractSource('ruby', [
    'Rails.application.routes.draw do',
    "  match 'my/account', :controller => 'my', :action => 'account', :via => [:get, :put]",
    "  get '(projects/:id)/search', :controller => 'search', :action => 'index', :as => 'search'",
    "  post 'admin/test_email', controller: 'admin', action: :test_email",
    "  get 'only/controller', :controller => 'pages'",
    '  %w(browse show).each do |action|',
    "    get \"repository/#{action}\", :controller => 'repositories', :action => action",
    '  end',
    'end',
    '',
  ].join('\n'), 'config/routes.rb');
  assert.deepEqual(routes(ex), [
    'GET /my/account -> MyController#account',
    'PUT /my/account -> MyController#account',
    'GET /(projects/:id)/search -> SearchController#index',
    'POST /admin/test_email -> AdminController#test_email',
  ]);
});

test('blocks nested a thousand deep: the route is under every namespace and module (each call read its blocks by climbing the tree, 93 s here)', async () => {
  const depth = 1000;
  const source = ['Rails.application.routes.draw do', ...Array<string>(depth).fill('namespace :a do'), "get 'x', to: 'c#a'", ...Array<string>(depth + 1).fill('end'), ''].join('\n');
  const ex = await extractSource('ruby', source, 'config/routes.rb');
  assert.deepEqual(routes(ex), [`GET ${'/a'.repeat(depth)}/x -> ${'A::'.repeat(depth)}CController#a`]);
});

test('a block of a call with a receiver gives its context too (Rails 2: `map.namespace :admin do`), though such a call declares no route', async () => {
  const source = ['Rails.application.routes.draw do', '  map.namespace :admin do', "    get 'x', to: 'c#a'", '  end', "  self.scope '/api' do", "    get 'y', to: 'c#b'", '  end', 'end', ''].join('\n');
  const ex = await extractSource('ruby', source, 'config/routes.rb');
  assert.deepEqual(routes(ex), ['GET /admin/x -> Admin::CController#a', 'GET /api/y -> CController#b']);
});
