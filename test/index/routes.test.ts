/** Routes end to end: indexed from a small web project in several frameworks, each bound to its handler across files. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { indexProject } from '../../src/index/sync/index.js';
import { generatedProject, type FixtureProject } from '../support/fixture-project.js';
import { dumpGraph } from '../support/graph-dump.js';

let project: FixtureProject;
let dump = '';

before(async () => {
  project = await generatedProject({
    'py/app.py': "from flask import Flask\nfrom .views import hello\napp = Flask(__name__)\n\n@app.route('/hi')\ndef hi():\n    return hello()\n",
    'py/views.py': 'def hello():\n    return "hi"\n',
    'shop/urls.py': "from django.urls import path\nfrom . import views\nurlpatterns = [path('items/<int:pk>/', views.detail)]\n",
    'shop/views.py': 'def detail(request, pk):\n    return pk\n',
    'web/server.js': "const express = require('express');\nconst users = require('./users');\nconst app = express();\napp.get('/users/:id', users.show);\n",
    'web/users.js': 'function show(req, res) { res.end(); }\nmodule.exports = { show };\n',
    'src/main/java/app/UserController.java': 'package app;\n@RequestMapping("/api")\npublic class UserController {\n    @GetMapping("/me")\n    public String me() { return "me"; }\n}\n',
    'config/routes.rb': "Rails.application.routes.draw do\n  get 'photos', to: 'photos#index'\nend\n",
    'app/controllers/photos_controller.rb': 'class PhotosController < ApplicationController\n  def index\n  end\nend\n',
  });
  await indexProject({ root: project.root, mode: 'full', command: 'test', workers: 1 });
  dump = await dumpGraph(project.root);
});
after(() => project.cleanup());

test('each route calls its handler: in its own file, through an import, on its class, on its controller', () => {
  for (const [route, handler] of [
    ['py/app.py#route:GET /hi', 'py/app.py#function:hi'],
    ['shop/urls.py#route:ANY /items/<int:pk>/', 'shop/views.py#function:detail'],
    ['web/server.js#route:GET /users/:id', 'web/users.js#function:show'],
    ['src/main/java/app/UserController.java#route:GET /api/me', 'src/main/java/app/UserController.java#method:UserController.me'],
    ['config/routes.rb#route:GET /photos', 'app/controllers/photos_controller.rb#method:PhotosController.index'],
  ]) {
    const line = dump.split('\n').find((l) => l.startsWith(`edge ${route}@`) && l.includes(` -calls-> ${handler}@`));
    assert.ok(line !== undefined, `${route} -> ${handler}\n${dump.split('\n').filter((l) => l.includes('route:')).join('\n')}`);
  }
});
